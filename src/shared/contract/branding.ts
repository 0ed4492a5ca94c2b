import { text, type SettingsMap } from './settings';

/**
 * The operator's look (FONT_FAMILY, FONT_SIZE, BACKGROUND_IMAGE, BREADCRUMB_BACKGROUND, FAVICON) as
 * one block of CSS and a few values. The server writes the block into the first HTML and the
 * storefront rewrites it when settings change, so both read the same rules (decision 019).
 */

/** The system's own fonts: what an unknown FONT_FAMILY falls back to. */
export const SYSTEM_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The fonts shipped with the app (public/fonts, Latin subset of the variable font, SIL OFL 1.1,
 * from the @fontsource-variable packages). Never an outside font host: the app works offline.
 */
export const FONTS = {
  Inter: { file: 'inter', fallback: SYSTEM_FONT },
  Nunito: { file: 'nunito', fallback: SYSTEM_FONT },
  Lora: { file: 'lora', fallback: "Georgia, 'Times New Roman', serif" },
  'Playfair Display': { file: 'playfair-display', fallback: "Georgia, 'Times New Roman', serif" },
} as const;

export type FontName = keyof typeof FONTS;
export const FONT_NAMES = Object.keys(FONTS) as FontName[];

/** FONT_SIZE in px: the base every size of the page scales from. */
export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_DEFAULT = 16;

/** The shipped font the setting names (any case), or null for the system stack. */
export function fontOf(map: SettingsMap): FontName | null {
  const wanted = text(map, 'FONT_FAMILY').trim().toLowerCase();
  return FONT_NAMES.find((name) => name.toLowerCase() === wanted) ?? null;
}

export const fontUrl = (name: FontName): string => `/fonts/${FONTS[name].file}-latin.woff2`;

/** "17", "17px" or " 17 px " within the range, else null. */
export function parseFontSize(raw: string): number | null {
  const m = /^\s*(\d{1,3})\s*(px)?\s*$/i.exec(raw);
  const px = m ? Number(m[1]) : NaN;
  return px >= FONT_SIZE_MIN && px <= FONT_SIZE_MAX ? px : null;
}

export function fontSizeOf(map: SettingsMap): number {
  return parseFontSize(text(map, 'FONT_SIZE')) ?? FONT_SIZE_DEFAULT;
}

/**
 * An image setting as a URL that is safe inside CSS `url("…")` and an HTML attribute: a path on
 * our own origin (the CSP allows images from 'self' only), without quotes, brackets, backslashes
 * or spaces. Anything else is no image.
 */
export function imagePath(raw: string): string | null {
  const value = raw.trim();
  return /^\/(?!\/)[\w\-./%~+=&?:@,;!*$]*$/.test(value) && value.length <= 500 ? value : null;
}

export const imageOf = (map: SettingsMap, key: 'FAVICON' | 'BACKGROUND_IMAGE' | 'BREADCRUMB_BACKGROUND' | 'LOGO'): string | null =>
  imagePath(text(map, key));

export const DEFAULT_FAVICON = '/favicon.svg';

export function faviconOf(map: SettingsMap): string {
  return imageOf(map, 'FAVICON') ?? DEFAULT_FAVICON;
}

/** The MIME type a browser expects for an icon, from its file name. */
export function iconType(url: string): string {
  const ext = /\.(\w+)(?:[?#]|$)/.exec(url)?.[1]?.toLowerCase();
  const types: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg' };
  return (ext && types[ext]) || 'image/png';
}

/** A colour setting as `#rrggbb`, or null (the built-in colour stays). */
export function colorOf(map: SettingsMap, key: 'BRAND_COLOR' | 'ACCENT_COLOR'): string | null {
  const value = text(map, key).trim();
  return /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : null;
}

/** The CSS for the operator's settings; empty when they ask for nothing beyond the built-in look. */
export function brandingCss(map: SettingsMap): string {
  const rules: string[] = [];
  // The darker and the soft shade follow the owner's colour, so hover states and badges keep matching.
  const brand = colorOf(map, 'BRAND_COLOR');
  if (brand) rules.push(`:root{--brand:${brand};--brand-dark:color-mix(in srgb,${brand} 78%,#000);--brand-soft:color-mix(in srgb,${brand} 14%,#fff)}`);
  const accent = colorOf(map, 'ACCENT_COLOR');
  if (accent) rules.push(`:root{--accent:${accent};--accent-soft:color-mix(in srgb,${accent} 22%,#fff)}`);
  const font = fontOf(map);
  if (font) {
    rules.push(
      `@font-face{font-family:'${font}';font-style:normal;font-weight:100 900;font-display:swap;src:url(${fontUrl(font)}) format('woff2')}`,
      `:root{--font:'${font}',${FONTS[font].fallback}}`,
    );
  }
  const size = fontSizeOf(map);
  if (size !== FONT_SIZE_DEFAULT) rules.push(`html{font-size:${size}px}body{font-size:1rem}`);
  const background = imageOf(map, 'BACKGROUND_IMAGE');
  // The picture shows around and, faintly, behind the content; a veil keeps every text on it readable.
  if (background) rules.push(`body{background:var(--bg) url("${background}") center top/cover no-repeat fixed}main{background:color-mix(in srgb,var(--bg) 88%,transparent)}`);
  const crumb = imageOf(map, 'BREADCRUMB_BACKGROUND');
  if (crumb) {
    // A dark veil keeps the title readable on any picture: at 60 % even a pure white patch under it
    // (a plate) leaves white text at nearly 5:1, above WCAG's 4.5:1 for the small links; a soft shadow
    // keeps it apart from that patch besides.
    rules.push(
      `.breadcrumb{background:linear-gradient(rgb(20 16 12/60%),rgb(20 16 12/60%)),url("${crumb}") center/cover;color:#fff;padding:28px 20px;border-radius:var(--radius);margin-block-end:16px}` +
        `.breadcrumb h1,.breadcrumb a{color:#fff;text-shadow:0 1px 4px rgb(0 0 0/60%)}`,
    );
  }
  return rules.join('\n');
}
