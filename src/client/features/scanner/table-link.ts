/**
 * The codes the server accepts (src/server/tables/sessions.ts, TABLE_CODE): anything else cannot
 * be one of our tables, so it is not worth a lookup that counts against the diner's limit.
 */
const TABLE_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{2,59}$/;

/** A printed link is short; a QR code can hold 4 KB of anything, which is not worth parsing. */
const MAX_SCANNED_LENGTH = 512;

/**
 * The table code a scanned text points at, or null when it is not one of our table links.
 * Our links are `<our origin>/?table=CODE` (tableLink on the server): another site, another
 * scheme, credentials in the URL, another path or a second `table` are refused, so a sticker
 * over the real code cannot send the diner anywhere.
 */
export function tableCodeFromScan(text: string, origin: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_SCANNED_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  if (url.pathname !== '/' && url.pathname !== '/index.html') return null;
  const codes = url.searchParams.getAll('table');
  const code = codes.length === 1 ? codes[0]?.trim() : undefined;
  return code && TABLE_CODE.test(code) ? code : null;
}
