/**
 * Back-office password hashing: argon2id with OWASP's minimum parameters (m = 19456 KiB, t = 2,
 * p = 1) through @node-rs/argon2. Only the encoded hash (which carries its own salt and parameters)
 * is ever stored; passwords are never logged.
 *
 * `verifyPassword` also serves unknown usernames: it checks the password against a dummy hash made
 * with the same parameters, so "no such user" costs the same time as "wrong password".
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package declares its enum `const`, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

let dummyHash: Promise<string> | undefined;

/** True when `password` matches `encoded`; with no hash (unknown user) it spends the same work and answers false. */
export async function verifyPassword(encoded: string | null, password: string): Promise<boolean> {
  if (encoded === null) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(encoded, password).catch(() => false);
}

/** A random password for a new account: 24 characters of base64url (144 bits). */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
