/**
 * Staff reviewing an exception pass (membership §2): approving or rejecting a pending pass, and
 * revoking an approved one given by mistake. Each runs inside the caller's transaction: the status
 * change (only from the status it expects, else 404 or 409), the rider's inbox notification and the
 * audit log entry commit together.
 */
import { PASS_ROUTE_LABELS, PASS_TYPE_LABELS, type PassStatus } from '@/domain/exception-pass';

import { recordAudit } from '../audit/audit-log';
import type { BackOfficeAccount } from '../auth/back-office-session';
import type { Db } from '../db/db-handle';
import { notifications } from '../db/schema';
import { httpError, type HttpError } from '../http/errors';
import { passStatusOf, reviewPassFrom, type PassRow } from './pass-repository';

interface Review {
  id: number;
  from: PassStatus;
  status: PassStatus;
  reason: string | null;
  at: Date;
  /** The 409 when the pass exists but is no longer `from`. */
  conflict: (status: PassStatus) => HttpError;
  notice: (row: PassRow) => { title: string; body: string };
  action: string;
}

async function review(tx: Db, account: BackOfficeAccount, r: Review): Promise<PassRow> {
  const row = await reviewPassFrom(tx, r.id, r.from, {
    status: r.status,
    reason: r.reason,
    reviewedBy: account.id,
    reviewedAt: r.at,
  });
  if (!row) {
    const existing = await passStatusOf(tx, r.id);
    if (!existing) throw httpError(404, 'not_found', `No exception pass ${r.id}`);
    throw r.conflict(existing);
  }
  await tx
    .insert(notifications)
    .values({
      userId: row.userId,
      key: `exception-pass:${row.id}:${r.status}`,
      kind: 'membership_update',
      ...r.notice(row),
      url: '/app/exception-pass',
    })
    .onConflictDoNothing();
  await recordAudit(tx, account, r.action, `exception pass ${row.id}`, r.reason ?? '');
  return row;
}

/** Approves or rejects (with its reason) a pending pass; 409 `already_decided` once it is decided. */
export function decidePendingPass(
  tx: Db,
  account: BackOfficeAccount,
  id: number,
  decision: { decision: 'approve' | 'reject'; reason?: string },
  at: Date,
): Promise<PassRow> {
  const approve = decision.decision === 'approve';
  const reason = approve ? null : (decision.reason ?? null);
  return review(tx, account, {
    id,
    from: 'pending',
    status: approve ? 'approved' : 'rejected',
    reason,
    at,
    conflict: (status) => httpError(409, 'already_decided', `Exception pass ${id} is already ${status}`),
    notice: (row) =>
      approve
        ? {
            title: 'Exception pass approved',
            body: `Your ${PASS_TYPE_LABELS[row.passType].toLowerCase()} pass for ${PASS_ROUTE_LABELS[row.route]} is approved. Show its QR code at the booth.`,
          }
        : {
            title: 'Exception pass rejected',
            body: `Your pass for ${PASS_ROUTE_LABELS[row.route]} was not approved: ${reason}`,
          },
    action: approve ? 'exception_pass.approve' : 'exception_pass.reject',
  });
}

/** Withdraws an approval given by mistake; 409 `not_approved` unless the pass is approved. */
export function revokeApprovedPass(
  tx: Db,
  account: BackOfficeAccount,
  id: number,
  reason: string,
  at: Date,
): Promise<PassRow> {
  return review(tx, account, {
    id,
    from: 'approved',
    status: 'revoked',
    reason,
    at,
    conflict: (status) =>
      httpError(409, 'not_approved', `Exception pass ${id} is ${status}; only an approved pass can be revoked`),
    notice: (row) => ({
      title: 'Exception pass revoked',
      body: `Your pass for ${PASS_ROUTE_LABELS[row.route]} was revoked: ${reason}`,
    }),
    action: 'exception_pass.revoke',
  });
}
