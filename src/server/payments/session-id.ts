import { randomBytes } from 'node:crypto';

/** 24 random bytes, URL-safe: unguessable, so a `sess` cannot be forged by counting. */
export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}
