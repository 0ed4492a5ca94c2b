import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from '../shared/contract/settings';
import type { Db } from './db/client';
import { escapeHtml } from './mail/templates';
import { loadSettings } from './settings';

const TITLE = /<title>[^<]*<\/title>/;
const SHELL_NAME = /(<span class="shell__name" data-shell-name>)[^<]*(<\/span>)/;

/**
 * The storefront's HTML with the restaurant's own name in its title and in the first-paint header,
 * so a first visit shows whose menu it is before any script has run. Read per request: the file
 * is small, and a rebuild or a renamed restaurant shows at once.
 */
export async function renderAppShell(db: Db, clientDir: string): Promise<string> {
  const [html, settings] = await Promise.all([readFile(join(clientDir, 'index.html'), 'utf8'), loadSettings(db)]);
  const name = text(settings, 'SITE_TITLE').trim();
  if (!name) return html;
  const safe = escapeHtml(name);
  // Replacer functions: a name with `$&` or `$1` in it is text, not a replacement pattern.
  return html.replace(TITLE, () => `<title>${safe}</title>`).replace(SHELL_NAME, (_all, open: string, close: string) => open + safe + close);
}
