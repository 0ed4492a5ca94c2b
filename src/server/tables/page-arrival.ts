/**
 * A table's QR arrival answered with its page (decision 047): the server starts the table's
 * session as `GET /tables/{code}` would, under the same lookup limits, and the page carries it,
 * so the diner's phone shows the table with the first paint instead of one round trip later.
 */
import type { FirstScreen } from '../../shared/contract/first-screen';
import type { Db } from '../db/client';
import { limitedTableLookup } from './lookup-limits';
import { startTableSession, TABLE_CODE } from './sessions';

/**
 * The arrival for the page, or undefined: an unknown code, a malformed one, or an address over the
 * limits leaves the page without it, and the browser asks the API, which words the refusal.
 */
export async function tableArrivalForPage(
  db: Db,
  requested: string,
  ip: string,
  limits: { lang: string; scale: number },
): Promise<FirstScreen['table']> {
  const code = requested.trim();
  if (!TABLE_CODE.test(code)) return undefined;
  try {
    const grant = await limitedTableLookup(db, ip, limits, () => startTableSession(db, code));
    return grant ? { requested: code, grant } : undefined;
  } catch {
    return undefined;
  }
}
