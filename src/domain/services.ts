/**
 * What this Deckhand server can really do for a rider (DESIGN.md "nothing pretends"): who can book a
 * Ninja Booking opening, which delivery channels reach a rider, whether any payment is taken, and
 * how often the Ninja Booking watcher checks. GET /api/services answers it; the app keeps the last
 * answer on the device and offers only what is live.
 */
import { z } from 'zod/mini';

export const servicesSchema = z.object({
  /** null: no booking provider; riders are alerted and book openings themselves (no auto-book). */
  booking: z.nullable(z.object({ name: z.string(), simulated: z.boolean() })),
  /** Channels that deliver now. The inbox always does; push needs the browser's permission too. */
  channels: z.object({ inbox: z.boolean(), push: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  /** null: no payment provider; memberships are free trials and store orders are paid at the car. */
  payments: z.nullable(z.object({ name: z.string() })),
  /** The admin's check interval for the Ninja Booking watcher (membership §2 Admin settings). */
  ninjaCheckIntervalSeconds: z.int(),
});
export type Services = z.infer<typeof servicesSchema>;

/** "every 30 seconds", "every minute", "every 2 minutes" (whole minutes from 60 s on). */
export function intervalText(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) return `every ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = seconds / 60;
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}
