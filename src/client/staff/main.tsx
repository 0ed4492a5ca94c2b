import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateStaffLocale, i18n, storedStaffLocale } from './i18n';
import { StaffApp } from './StaffApp';
import './staff.css';

async function start() {
  await activateStaffLocale(storedStaffLocale());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 5_000, refetchOnWindowFocus: true } } });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from staff.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaffApp />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
