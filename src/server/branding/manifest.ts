import { DEFAULT_FAVICON, faviconOf, iconType } from '../../shared/contract/branding';
import { text, type SettingsMap } from '../../shared/contract/settings';

/** The icons shipped in public/icons: the demo restaurant's, sized for every home screen. */
const SHIPPED_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Home-screen labels are cut after about 12 characters: the first words that fit. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  let out = '';
  for (const word of name.split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > 12) break;
    out = next;
  }
  return out || name.slice(0, 12);
}

/**
 * The web app manifest, from settings at each request (decision 019): the install name follows
 * SITE_TITLE and the icon follows FAVICON. While FAVICON is the shipped one, the shipped PNG
 * sizes serve; the operator's own icon replaces them (an SVG scales to every size).
 */
export function webManifest(settings: SettingsMap): Record<string, unknown> {
  const name = text(settings, 'SITE_TITLE').trim() || 'Gasthaus Lindenhof';
  const favicon = faviconOf(settings);
  const own = favicon !== DEFAULT_FAVICON && !favicon.startsWith('/media/brand/favicon.');
  return {
    id: '/',
    name,
    short_name: shortName(name),
    description: name,
    lang: 'de',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#1f5c4a',
    background_color: '#fbf7f0',
    categories: ['food', 'shopping'],
    icons: own ? [{ src: favicon, sizes: 'any', type: iconType(favicon), purpose: 'any' }] : SHIPPED_ICONS,
  };
}
