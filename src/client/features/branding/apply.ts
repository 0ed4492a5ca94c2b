import type { QueryClient } from '@tanstack/react-query';
import type { Setting } from '../../../shared/contract/catalog';
import { brandingCss, faviconOf, iconType } from '../../../shared/contract/branding';
import { settingsMap, text, type SettingsMap } from '../../../shared/contract/settings';
import { getFresh } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/**
 * The operator's branding on the open page: the tab's title and icon, and the CSS block the server
 * also writes into the first HTML (`brandingCss`: font, size, pictures). Idempotent: the same
 * settings change nothing.
 */
export function applyBranding(settings: SettingsMap): void {
  const title = text(settings, 'SITE_TITLE').trim();
  if (title && document.title !== title) document.title = title;

  const favicon = faviconOf(settings);
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  if (icon.getAttribute('href') !== favicon) {
    icon.type = iconType(favicon);
    icon.href = favicon;
  }

  let style = document.getElementById('branding');
  if (!style) {
    style = document.createElement('style');
    style.id = 'branding';
    document.head.append(style);
  }
  const css = brandingCss(settings);
  if (style.textContent !== css) style.textContent = css;
}

/**
 * Settings are asked for fresh at each start (the worker's copy serves only offline), so a changed
 * setting shows on the next load, not the one after; every later answer (a language switch, a
 * revalidation) is applied as it arrives. Loaded after the first render: no byte of it is in the
 * first page's JavaScript.
 */
export async function startBranding(queryClient: QueryClient): Promise<void> {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey[0] === 'settings') {
      applyBranding(settingsMap(event.query.state.data as Setting[]));
    }
  });
  try {
    queryClient.setQueryData(['settings', i18n.locale], await getFresh<Setting[]>('/settings'));
  } catch {
    // Offline: the settings this device kept may be newer than the shell the worker stored.
    const kept = queryClient.getQueryData<Setting[]>(['settings', i18n.locale]);
    if (kept) applyBranding(settingsMap(kept));
  }
}
