/** An exception pass as its rider or staff see it: the stored row, with its signed code as a QR image. */
import type { ExceptionPass } from '@/domain/exception-pass';

import type { PassRow } from './pass-repository';
import { passQrImage, signPass } from './pass-token';

/** `secret` is read before any transaction: on PGlite a query outside the open transaction would wait for it. */
export async function toPass(secret: Buffer, row: PassRow): Promise<ExceptionPass> {
  const code = signPass(secret, {
    passId: row.id,
    userId: row.userId,
    route: row.route,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
  });
  return {
    id: row.id,
    passType: row.passType,
    description: row.description,
    route: row.route,
    departureTime: row.departureTime.toISOString(),
    status: row.status,
    reason: row.reason,
    qrCode: await passQrImage(code),
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
