/** The storefront's page as the API tests read it: a stand-in client build, and the first screen it carries. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FirstScreen } from '../../src/shared/contract/first-screen';

/** A client directory holding only an `index.html`, so `buildApp` serves pages without a build. */
export function shellClientDir(html = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>'): string {
  const dir = mkdtempSync(join(tmpdir(), 'client-'));
  writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

/** The first screen a page carries (decision 028); throws when it carries none. */
export function firstScreenIn(body: string, url: string): FirstScreen {
  const json = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(body)?.[1];
  if (json === undefined) throw new Error(`no first-screen data in ${url}`);
  return JSON.parse(json) as FirstScreen;
}
