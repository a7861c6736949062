/**
 * The booth's check of a scanned pass code (membership §3): the signature first (a code that fails
 * it is rejected without naming any pass), then the pass's current status and validity window.
 */
import { verifyVerdict, type PassVerification } from '@/domain/exception-pass';

import type { Db } from '../db/db-handle';
import { findPassOf } from './pass-repository';
import { readPass } from './pass-token';
import { toPass } from './pass-view';

export async function verifyPassCode(db: Db, secret: Buffer, code: string, now: Date): Promise<PassVerification> {
  const claims = readPass(secret, code);
  if (!claims)
    return {
      outcome: 'rejected',
      message: 'This code is not a genuine Deckhand pass (it was altered or never issued).',
    };
  const found = await findPassOf(db, claims.passId, claims.userId);
  if (!found) return { outcome: 'rejected', message: 'This pass no longer exists.' };
  const { pass, username } = found;
  const outcome = verifyVerdict(pass.status, claims.validFrom, claims.validUntil, now);
  const message = {
    valid: 'Approved pass, inside its validity window.',
    rejected:
      pass.status === 'pending'
        ? 'This pass has not been approved yet.'
        : `This pass was rejected${pass.reason ? `: ${pass.reason}` : '.'}`,
    revoked: `This pass was revoked${pass.reason ? `: ${pass.reason}` : '.'}`,
    expired: 'This pass has expired.',
    not_yet_valid: 'This pass is not valid yet.',
  }[outcome];
  const { qrCode: _qr, ...details } = await toPass(secret, pass);
  return { outcome, message, pass: { ...details, rider: username } };
}
