import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1). The hash string
 * carries its own parameters, so raising them later re-hashes on the next successful login.
 */
/** `Algorithm.Argon2id` is an ambient const enum, which isolated modules cannot read: its value is 2. */
export const ARGON2_PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** A hash of nothing anyone knows: checked against when the account does not exist, so both answers take as long. */
let decoy: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(`$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`);
}
