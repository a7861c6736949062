/**
 * Help page questions (rider-core §2 Help page): GET /api/faq, cached on the device for offline use,
 * searched by the page and by the offline chat.
 */
import { z } from 'zod/mini';

export const faqItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListSchema = z.array(faqItemSchema);

/** "Browse by Category": the seven categories, in display order. */
export const FAQ_CATEGORIES = [
  'Boarding',
  'Reservations',
  'Fares',
  'Vehicles',
  'Pets',
  'Accessibility',
  'Onboard',
] as const;

/** "Most Asked Questions" (shown only while the search box is empty). */
export const MOST_ASKED_FAQ_IDS = ['arrive-early', 'reservation-needed', 'pets-onboard', 'leave-car'] as const;

/** Case-insensitive match of every word of `search` in the question, answer or category. */
export function matchesFaq(item: FaqItem, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${item.question} ${item.answer} ${item.category}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** rider-core §2 "Still Need Help?" contacts. */
export const HELP_CONTACTS = {
  customerService: { label: 'Customer Service', phone: '1-888-223-3779', hours: 'Daily 7:00 AM - 10:00 PM' },
  emergency: { label: 'Emergency', phone: '911' },
} as const;
