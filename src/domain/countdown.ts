/**
 * The one countdown every card shows (Next Ferry, Your Sailing, tracker, explore overlay, timer): a
 * rider who sees two cards must never read "1 min" on one and "2 min" on the other for the same
 * sailing. So every minutes-to-an-instant figure comes from this function, fed the shared ticking
 * clock (src/ui/use-now.ts), and every "Departs in …" text from `departsInText`.
 *
 * Rule: whole minutes still to go, rounded UP (a ferry 30 s away is "1 min" away, as a phone timer
 * shows it), 0 once the instant has come; null for a missing or unreadable instant.
 */
export function minutesUntil(instant: string | number | null | undefined, now: number): number | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const at = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 60_000));
}

/** rider-core §2 Next Ferry: "Now boarding" at zero (or less), else "Departs in N min". */
export function departsInText(minutes: number): string {
  return minutes <= 0 ? 'Now boarding' : `Departs in ${minutes} min`;
}
