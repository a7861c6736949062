/**
 * Emergency Exception Pass (membership §2, §3, §4, §5, §8): the request's fields and their readable
 * names, the status colours, the validity window of an approved pass and the texts of the form.
 * Shared by the rider's page, the staff screens and the server's routes.
 */
import { z } from 'zod/mini';

import { EXCEPTION_PASS_VALID_AFTER_MS, EXCEPTION_PASS_VALID_BEFORE_MS } from './constants';
import { instantSchema } from './value-ranges';

export const PASS_TYPES = ['medical', 'emergency', 'caregiving', 'work_critical'] as const;
export type PassType = (typeof PASS_TYPES)[number];
export const PASS_TYPE_LABELS: Record<PassType, string> = {
  medical: 'Medical',
  emergency: 'Emergency',
  caregiving: 'Caregiving',
  work_critical: 'Work critical',
};

/**
 * Every route Deckhand knows, both ways: the spec's four (membership §3) and Horseshoe Bay–Langdale,
 * Tsawwassen–Duke Point and Horseshoe Bay–Bowen Island (Snug Cove), whose riders need passes too.
 * The list is the form's order (each route's two directions together).
 */
export const PASS_ROUTES = [
  'horseshoe-departure',
  'departure-horseshoe',
  'tsawwassen-swartz',
  'swartz-tsawwassen',
  'horseshoe-langdale',
  'langdale-horseshoe',
  'tsawwassen-duke',
  'duke-tsawwassen',
  'horseshoe-snug',
  'snug-horseshoe',
] as const;
export type PassRoute = (typeof PASS_ROUTES)[number];
export const PASS_ROUTE_LABELS: Record<PassRoute, string> = {
  'horseshoe-departure': 'Horseshoe Bay → Departure Bay',
  'departure-horseshoe': 'Departure Bay → Horseshoe Bay',
  'tsawwassen-swartz': 'Tsawwassen → Swartz Bay',
  'swartz-tsawwassen': 'Swartz Bay → Tsawwassen',
  'horseshoe-langdale': 'Horseshoe Bay → Langdale',
  'langdale-horseshoe': 'Langdale → Horseshoe Bay',
  'tsawwassen-duke': 'Tsawwassen → Duke Point',
  'duke-tsawwassen': 'Duke Point → Tsawwassen',
  'horseshoe-snug': 'Horseshoe Bay → Bowen Island (Snug Cove)',
  'snug-horseshoe': 'Bowen Island (Snug Cove) → Horseshoe Bay',
};

/**
 * Statuses the server sets: pending on request, approved or rejected after staff review, revoked
 * when staff withdraw an approval given by mistake (the QR then verifies as revoked).
 */
export const PASS_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type PassStatus = (typeof PASS_STATUSES)[number];

export const PASS_DESCRIPTION_MAX = 2000;
export const PASS_REASON_MAX = 500;

export const passInputSchema = z.object({
  passType: z.enum(PASS_TYPES),
  description: z.string().check(z.trim(), z.minLength(1, 'Description is required'), z.maxLength(PASS_DESCRIPTION_MAX)),
  route: z.enum(PASS_ROUTES),
  departureTime: instantSchema,
});
export type PassInput = z.infer<typeof passInputSchema>;

export const passSchema = z.object({
  id: z.int(),
  passType: z.enum(PASS_TYPES),
  description: z.string(),
  route: z.enum(PASS_ROUTES),
  departureTime: z.string(),
  status: z.string(),
  reason: z.nullable(z.string()),
  qrCode: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  createdAt: z.string(),
});
export type ExceptionPass = z.infer<typeof passSchema>;

/** A pass in the staff review queue: with its rider's username. */
export const staffPassSchema = z.extend(passSchema, { rider: z.string() });
export type StaffPass = z.infer<typeof staffPassSchema>;

/** Staff approve a pending pass, or reject it with the reason the rider is told. */
export const passDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(PASS_REASON_MAX))),
  })
  .check(
    z.refine((d) => d.decision === 'approve' || (d.reason ?? '').length > 0, {
      message: 'Give a reason to reject a pass',
      path: ['reason'],
    }),
  );

/** Staff withdraw an approval given by mistake, with the reason the rider is told. */
export const passRevokeSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, 'Give a reason to revoke a pass'), z.maxLength(PASS_REASON_MAX)),
});

/** The code the booth scanned or typed. */
export const passCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Enter the pass code'), z.maxLength(2000)),
});

export const PASS_TEXT = {
  incompleteTitle: 'Incomplete Form',
  incompleteMessage: 'Please fill in all required fields.',
  submittedTitle: 'Exception Pass Submitted',
  submittedMessage: 'Your pass request is being reviewed and will be activated if approved.',
  /** Offline: nothing has been sent, so nothing is "being reviewed" yet. */
  queuedTitle: 'Exception Pass queued',
  queuedMessage:
    "You're offline. Your request is saved on this device and will be sent once you're back online; review starts when it arrives.",
  failedTitle: 'Submission Failed',
  failedMessage: 'Unable to submit exception pass. Please try again.',
} as const;

/** membership §4: pending yellow; approved or active green; anything else red. */
export function passStatusTone(status: string): 'yellow' | 'green' | 'red' {
  if (status === 'pending') return 'yellow';
  if (status === 'approved' || status === 'active') return 'green';
  return 'red';
}

/** The window an approved pass is honoured in, around its departure time. */
export function passValidity(departureTime: Date): { validFrom: Date; validUntil: Date } {
  return {
    validFrom: new Date(departureTime.getTime() - EXCEPTION_PASS_VALID_BEFORE_MS),
    validUntil: new Date(departureTime.getTime() + EXCEPTION_PASS_VALID_AFTER_MS),
  };
}

/** What the booth learns from a scanned code. */
export const VERIFY_OUTCOMES = ['valid', 'rejected', 'revoked', 'expired', 'not_yet_valid'] as const;
export type VerifyOutcome = (typeof VERIFY_OUTCOMES)[number];
export const VERIFY_OUTCOME_LABELS: Record<VerifyOutcome, string> = {
  valid: 'Valid',
  rejected: 'Rejected',
  revoked: 'Revoked',
  expired: 'Expired',
  not_yet_valid: 'Not yet valid',
};

/** The booth's answer: the verdict, a sentence saying why, and the pass a genuine code names (without its QR). */
export const passVerificationSchema = z.object({
  outcome: z.enum(VERIFY_OUTCOMES),
  message: z.string(),
  pass: z.optional(z.extend(z.omit(passSchema, { qrCode: true }), { rider: z.string() })),
});
export type PassVerification = z.infer<typeof passVerificationSchema>;

/**
 * The verdict for a pass whose signature checked out: only an approved pass inside its window is
 * valid; a revoked pass is revoked and a pending or rejected one rejected, whatever the time.
 */
export function verifyVerdict(status: string, validFrom: Date, validUntil: Date, now: Date): VerifyOutcome {
  if (status === 'revoked') return 'revoked';
  if (status !== 'approved') return 'rejected';
  if (now.getTime() < validFrom.getTime()) return 'not_yet_valid';
  if (now.getTime() > validUntil.getTime()) return 'expired';
  return 'valid';
}

/**
 * A `datetime-local` value ("2026-11-23T14:30") read as terminal wall-clock time → ISO instant, or
 * null when it is not a date. `offsetAt(epochMs)` is the terminal zone's offset (local − UTC) in ms.
 */
export function terminalLocalToIso(value: string, offsetAt: (epochMs: number) => number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  // The offset at the guessed instant, then once more at the corrected one (a DST change between them).
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}
