import type { FastifyRequest } from 'fastify';
import { staffMay, type StaffPermission } from '../../shared/contract/staff';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';
import { bearerToken } from '../auth/bearer';
import { staffForToken, type StaffRow } from './accounts';

export interface StaffSession {
  staff: StaffRow;
  tokenId: number;
}

const resolved = new WeakMap<FastifyRequest, Promise<StaffSession | undefined>>();

function staffSessionOf(db: Db, request: FastifyRequest): Promise<StaffSession | undefined> {
  let found = resolved.get(request);
  if (!found) {
    const token = bearerToken(request);
    found = token ? staffForToken(db, token) : Promise.resolve(undefined);
    resolved.set(request, found);
  }
  return found;
}

/** A signed-in, active staff member whose role allows `permission`: 401 without one, 403 for the wrong role. */
export async function requireStaff(db: Db, request: FastifyRequest, permission?: StaffPermission): Promise<StaffSession> {
  const session = await staffSessionOf(db, request);
  if (!session) throw new HttpError(401, say(request.lang, 'staff.signInRequired'));
  if (permission && !staffMay(session.staff.role, permission)) throw new HttpError(403, say(request.lang, 'staff.forbidden'));
  return session;
}
