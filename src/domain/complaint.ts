/**
 * Complaint engine rules (rider-core §3, §4, §5, §8): categories, the quick buttons' canned texts,
 * the dialog's validation and the toasts. Shared by the client and the server's route schema.
 */
// zod/mini keeps the client's first-render bundle small; the schemas work the same on the server.
import { z } from 'zod/mini';

export const COMPLAINT_CATEGORIES = ['delay', 'cleanliness', 'staff', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** Quick buttons submit immediately with these descriptions (rider-core §4). */
export const QUICK_COMPLAINTS: ReadonlyArray<{ category: Exclude<ComplaintCategory, 'other'>; label: string; description: string }> = [
  { category: 'delay', label: 'Delay', description: 'Ferry is running behind schedule' },
  { category: 'cleanliness', label: 'Cleanliness', description: 'Facility cleanliness issues observed' },
  { category: 'staff', label: 'Staff', description: 'Service complaint regarding staff interaction' },
];

export const COMPLAINT_DESCRIPTION_MAX = 2000;

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
  createdAt: z.string(),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** The "Other" dialog's submit button is enabled only when this holds (rider-core §5). */
export function canSubmitComplaintDialog(category: string, description: string): boolean {
  return category.length > 0 && description.trim().length > 0;
}

export const COMPLAINT_TOASTS = {
  success: { title: 'Complaint Submitted', description: "Thanks. We've passed it to the terminal team." },
  queued: { title: 'Complaint Submitted', description: "You're offline: it is saved and will be sent when you reconnect." },
  failure: { title: 'Error', description: 'Failed to submit complaint. Please try again.' },
} as const;
