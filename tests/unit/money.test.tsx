import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Setting } from '../../src/shared/contract/catalog';
import { useMoney } from '../../src/client/ui/money';

function formatterWith(settings: Setting[] | undefined, locale = 'de') {
  i18n.loadAndActivate({ locale, messages: {} });
  // The catalog is already in the cache, as after the start; nothing is fetched here.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, enabled: false } } });
  if (settings) queryClient.setQueryData(['settings', locale], settings);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
  return renderHook(() => useMoney(), { wrapper }).result.current;
}

const setting = (key: string, value: string): Setting => ({ key, value });

describe('money on screen', () => {
  it('is in the restaurant’s currency, in the interface language', () => {
    expect(formatterWith([setting('CURRENCY', 'CHF')])(610)).toMatch(/^6,10\sCHF$/);
    expect(formatterWith([setting('CURRENCY', 'CHF')], 'en')(610)).toMatch(/^CHF\s6\.10$/);
    expect(formatterWith([setting('CURRENCY', 'EUR')])(1500)).toMatch(/^15,00\s€$/);
  });

  it('falls back to euros before the settings are known', () => {
    expect(formatterWith(undefined)(890)).toMatch(/^8,90\s€$/);
    expect(formatterWith([setting('CURRENCY', '')])(890)).toMatch(/^8,90\s€$/);
  });

  it('is one isolated unit in Arabic text, and free of invisible marks left to right', () => {
    const arabic = formatterWith([setting('CURRENCY', 'EUR')], 'ar')(890);
    expect(arabic.startsWith('\u2068')).toBe(true);
    expect(arabic.endsWith('\u2069')).toBe(true);
    expect(arabic).toContain('8.90');
    expect(formatterWith([setting('CURRENCY', 'EUR')], 'de')(890)).not.toMatch(/[\u2066-\u2069]/);
  });
});
