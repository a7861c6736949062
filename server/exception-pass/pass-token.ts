/**
 * The code on an exception pass's QR (membership §3 "qrCode"): `DHP1.<payload>.<signature>`, where
 * the payload is base64url JSON {p: pass id, u: rider id, r: route, f/t: validity window in epoch
 * seconds} and the signature is HMAC-SHA256 over `DHP1.<payload>` with a server secret. The rider can
 * show it offline; the booth's verification (server/routes/staff-passes.ts) checks the signature in
 * constant time, then the pass's current status in the database, so a rejected pass stays rejected.
 *
 * The secret is `EXCEPTION_PASS_SECRET` when set, otherwise 32 random bytes made once and kept in
 * `server_secrets` (INSERT … ON CONFLICT DO NOTHING), so every instance signs with the same key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';

import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

const PREFIX = 'DHP1';
const SECRET_NAME = 'exception-pass-hmac';

export interface PassClaims {
  passId: number;
  userId: number;
  route: string;
  validFrom: Date;
  validUntil: Date;
}

const secrets = new WeakMap<Database, Buffer>();

export async function passSecret(database: Database): Promise<Buffer> {
  const fromEnv = process.env.EXCEPTION_PASS_SECRET;
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const cached = secrets.get(database);
  if (cached) return cached;
  await database.db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('The exception-pass secret could not be stored');
  const secret = Buffer.from(row.value, 'base64url');
  secrets.set(database, secret);
  return secret;
}

function sign(secret: Buffer, signed: string): string {
  return createHmac('sha256', secret).update(signed).digest('base64url');
}

export function signPass(secret: Buffer, claims: PassClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: claims.passId,
      u: claims.userId,
      r: claims.route,
      f: Math.floor(claims.validFrom.getTime() / 1000),
      t: Math.floor(claims.validUntil.getTime() / 1000),
    }),
  ).toString('base64url');
  const signed = `${PREFIX}.${payload}`;
  return `${signed}.${sign(secret, signed)}`;
}

/** The claims of a code signed with `secret`, or null for anything else (tampered, foreign, garbage). */
export function readPass(secret: Buffer, code: string): PassClaims | null {
  const parts = code.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [prefix, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(secret, `${prefix}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { p, u, r, f, t } = raw;
    if (
      !Number.isInteger(p) ||
      !Number.isInteger(u) ||
      typeof r !== 'string' ||
      !Number.isInteger(f) ||
      !Number.isInteger(t)
    )
      return null;
    return {
      passId: p as number,
      userId: u as number,
      route: r,
      validFrom: new Date((f as number) * 1000),
      validUntil: new Date((t as number) * 1000),
    };
  } catch {
    return null;
  }
}

/** A PNG data URL of the code as a QR (error correction M: survives a scratched phone screen). */
export function passQrImage(code: string): Promise<string> {
  return QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
