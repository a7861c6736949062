/**
 * Complaint engine rules (rider-core §3, §4, §5, §8): categories, the quick buttons' canned texts,
 * the dialog's validation and the toasts. Shared by the client and the server's route schema.
 *
 * Departure from the spec's "quick buttons submit immediately": a complaint that says only
 * "Facility cleanliness issues observed" tells staff nothing they can act on. A quick button opens a
 * confirmation that asks for the terminal (the rider's own by default) and an optional note; the
 * canned text stays the description, the note travels beside it.
 */
// zod/mini keeps the client's first-render bundle small; the schemas work the same on the server.
import { z } from 'zod/mini';

import { TERMINALS } from './terminals';

export const COMPLAINT_CATEGORIES = ['delay', 'cleanliness', 'staff', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** Quick buttons submit immediately with these descriptions (rider-core §4). */
export const QUICK_COMPLAINTS: ReadonlyArray<{
  category: Exclude<ComplaintCategory, 'other'>;
  label: string;
  description: string;
}> = [
  { category: 'delay', label: 'Delay', description: 'Ferry is running behind schedule' },
  { category: 'cleanliness', label: 'Cleanliness', description: 'Facility cleanliness issues observed' },
  { category: 'staff', label: 'Staff', description: 'Service complaint regarding staff interaction' },
];

export const COMPLAINT_DESCRIPTION_MAX = 2000;
/** A quick complaint's optional note: a sentence or two of detail for staff. */
export const COMPLAINT_NOTE_MAX = 500;

const TERMINAL_IDS = TERMINALS.map((t) => t.id) as [string, ...string[]];

/** What a client may send. Any userId in the body is ignored: the session decides (DESIGN.md). */
export const complaintInputSchema = z.object({
  category: z.enum(COMPLAINT_CATEGORIES),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Description is required'),
      z.maxLength(COMPLAINT_DESCRIPTION_MAX, `Description must be at most ${COMPLAINT_DESCRIPTION_MAX} characters`),
    ),
  /** Where it happened (a terminal id). Optional only for complaints filed before it was asked. */
  terminalId: z.optional(z.enum(TERMINAL_IDS)),
  /** The rider's own words beside a quick complaint's canned description; blank means none. */
  note: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(COMPLAINT_NOTE_MAX, `Note must be at most ${COMPLAINT_NOTE_MAX} characters`)),
  ),
});
export type ComplaintInput = z.infer<typeof complaintInputSchema>;

export const COMPLAINT_STATUSES = ['received', 'in_review', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const complaintSchema = z.object({
  id: z.int(),
  category: z.enum(COMPLAINT_CATEGORIES),
  description: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  /** Staff's answer when they resolve it (absent until then). */
  reply: z.optional(z.nullable(z.string())),
  terminalId: z.optional(z.nullable(z.string())),
  note: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;

/**
 * What staff see of a complaint (GET /api/staff/complaints): where, what, the rider's note, when, and
 * who filed it, with the contact details the rider gave in Settings (null when they gave none).
 */
export const staffComplaintSchema = z.object({
  id: z.int(),
  /** The rider's leaderboard display name when they chose one, else their account name. */
  rider: z.string(),
  riderPhone: z.nullable(z.string()),
  riderCarNumber: z.nullable(z.string()),
  terminalId: z.nullable(z.string()),
  category: z.enum(COMPLAINT_CATEGORIES),
  description: z.string(),
  note: z.nullable(z.string()),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.nullable(z.string()),
  createdAt: z.string(),
});
export type StaffComplaint = z.infer<typeof staffComplaintSchema>;

/** The "Other" dialog's submit button is enabled only when this holds (rider-core §5). */
export function canSubmitComplaintDialog(category: string, description: string): boolean {
  return category.length > 0 && description.trim().length > 0;
}

export const COMPLAINT_TOASTS = {
  success: { title: 'Complaint Submitted', description: "Thanks. We've passed it to the terminal team." },
  queued: {
    title: 'Complaint Submitted',
    description: "You're offline: it is saved and will be sent when you reconnect.",
  },
  failure: { title: 'Error', description: 'Failed to submit complaint. Please try again.' },
} as const;
