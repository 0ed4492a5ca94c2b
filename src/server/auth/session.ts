import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SocialProviderId, User } from '../../shared/contract/account';
import { fromCents } from '../../shared/pricing';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';
import { bearerToken } from './bearer';
import { userForToken, type UserRow } from './tokens';

export interface Session {
  user: UserRow;
  tokenId: number;
}

const resolved = new WeakMap<FastifyRequest, Promise<Session | undefined>>();

/** The signed-in customer of this request, looked up once per request; undefined for visitors and table diners. */
export function sessionOf(db: Db, request: FastifyRequest): Promise<Session | undefined> {
  let found = resolved.get(request);
  if (!found) {
    const token = bearerToken(request);
    found = token ? userForToken(db, token) : Promise.resolve(undefined);
    resolved.set(request, found);
  }
  return found;
}

export async function requireSession(db: Db, request: FastifyRequest): Promise<Session> {
  const session = await sessionOf(db, request);
  if (!session) throw new HttpError(401, say(request.lang, 'auth.required'));
  return session;
}

export async function userOut(db: Db, user: UserRow): Promise<User> {
  const social = await db.select({ provider: t.socialAccounts.provider }).from(t.socialAccounts).where(eq(t.socialAccounts.userId, user.id));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    profit: fromCents(user.profitCents),
    is_generated: false,
    table: false,
    hasPassword: user.passwordHash !== null,
    social: [...new Set(social.map((s) => s.provider as SocialProviderId))],
  };
}
