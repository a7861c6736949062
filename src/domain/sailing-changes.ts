/**
 * The realtime channel's sailings stream as changes (DESIGN.md "Real data where a public source
 * exists"; rider-core §7 leaves the data shape beyond the ferry list open). The channel carries the
 * live window (today's and tomorrow's service days). On connect, and when a client asks to resync,
 * it sends a snapshot; after each feed change only what changed:
 *
 *   {"type":"sailings","data":{"version":7,"days":["2026-07-10","2026-07-11"],"sailings":[…]}}
 *   {"type":"sailings_changed","data":{"from":7,"version":8,"days":[…],"upserted":[…],"removed":["id"],
 *     "observedAt":{"simulator":"2026-07-10T16:01:00.000Z"}}}
 *
 * A snapshot is every sailing of its `days`: the device keeps exactly those for those days (and
 * drops what it holds for earlier days). A change applies to the version it names in `from`:
 * `upserted` sailings replace their stored copies, `removed` ids go, and every other sailing of the
 * window whose source is in `observedAt` was observed again, unchanged, at that instant (a source
 * restamps every sailing at each poll: sending them whole would cost the snapshot again). A client
 * whose version is not `from` asks for a snapshot (`{"type":"sailings_resync"}`).
 *
 * The rule that makes it exact: a sailing goes into `upserted` unless it differs from its previous
 * copy at most by `observedAt`, and its `observedAt` is then the stamp of its source.
 */
import { z } from 'zod/mini';

import { FIGURE_SOURCES, sailingSchema, type FigureSource, type Sailing } from './sailing';
import { serviceDayOf } from './service-day';

const daysSchema = z.array(z.string());

export const sailingsSnapshotSchema = z.object({
  version: z.int(),
  days: daysSchema,
  sailings: z.array(sailingSchema),
});
export type SailingsSnapshot = z.infer<typeof sailingsSnapshotSchema>;

export const sailingChangesSchema = z.object({
  from: z.int(),
  version: z.int(),
  days: daysSchema,
  upserted: z.array(sailingSchema),
  removed: z.array(z.string()),
  observedAt: z.partialRecord(z.enum(FIGURE_SOURCES), z.string()),
});
export type SailingChanges = z.infer<typeof sailingChangesSchema>;

/** What a client sends to get a snapshot. */
export const SAILINGS_RESYNC_MESSAGE = '{"type":"sailings_resync"}';

/** A sailing's service day ("YYYY-MM-DD"): the day a window is made of. */
export const sailingDay = (s: Pick<Sailing, 'scheduledDeparture'>): string =>
  serviceDayOf(Date.parse(s.scheduledDeparture));

/** The sailings of the first `dayCount` service days `sailings` cover, and those days. */
export function sailingWindow(sailings: readonly Sailing[], dayCount: number): { days: string[]; sailings: Sailing[] } {
  const days = [...new Set(sailings.map(sailingDay))].sort().slice(0, dayCount);
  const kept = new Set(days);
  return { days, sailings: sailings.filter((s) => kept.has(sailingDay(s))) };
}

/** A sailing's figures apart from its `observedAt`, as comparable text. */
const figures = (s: Sailing): string => JSON.stringify({ ...s, observedAt: '' });

/** What turns the window `previous` into `next` (see the rule above). */
export function sailingChanges(
  previous: readonly Sailing[],
  next: readonly Sailing[],
): Pick<SailingChanges, 'upserted' | 'removed' | 'observedAt'> {
  const before = new Map(previous.map((s) => [s.id, s]));
  const upserted: Sailing[] = [];
  /** Per source, the sailings unchanged but for observedAt, and how often each new observedAt occurs. */
  const restamped = new Map<FigureSource, { sailings: Sailing[]; counts: Map<string, number>; moved: boolean }>();
  for (const s of next) {
    const old = before.get(s.id);
    if (!old || figures(old) !== figures(s)) {
      upserted.push(s);
      continue;
    }
    let group = restamped.get(s.source);
    if (!group) {
      group = { sailings: [], counts: new Map(), moved: false };
      restamped.set(s.source, group);
    }
    group.sailings.push(s);
    group.counts.set(s.observedAt, (group.counts.get(s.observedAt) ?? 0) + 1);
    if (old.observedAt !== s.observedAt) group.moved = true;
  }
  const observedAt: SailingChanges['observedAt'] = {};
  for (const [source, group] of restamped) {
    if (!group.moved) continue;
    const stamp = [...group.counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
    observedAt[source] = stamp;
    for (const s of group.sailings) if (s.observedAt !== stamp) upserted.push(s);
  }
  const kept = new Set(next.map((s) => s.id));
  const removed = previous.filter((s) => !kept.has(s.id)).map((s) => s.id);
  return { upserted, removed, observedAt };
}

/** Whether a change carries nothing (no message is worth sending). */
export function isEmptyChange(change: Pick<SailingChanges, 'upserted' | 'removed' | 'observedAt'>): boolean {
  return change.upserted.length === 0 && change.removed.length === 0 && Object.keys(change.observedAt).length === 0;
}

/**
 * The stored sailings after a snapshot: the snapshot's sailings, the stored ones of later days, and
 * nothing of the snapshot's days or earlier that the snapshot does not list.
 */
export function applySailingsSnapshot(
  stored: readonly Sailing[],
  snapshot: Pick<SailingsSnapshot, 'days' | 'sailings'>,
): Sailing[] {
  const last = snapshot.days.at(-1);
  const listed = new Set(snapshot.sailings.map((s) => s.id));
  const later = stored.filter((s) => !listed.has(s.id) && last !== undefined && sailingDay(s) > last);
  return [...snapshot.sailings, ...later];
}

/** The stored sailings after a change (the version check is the caller's). */
export function applySailingChanges(
  stored: readonly Sailing[],
  change: Pick<SailingChanges, 'days' | 'upserted' | 'removed' | 'observedAt'>,
): Sailing[] {
  const removed = new Set(change.removed);
  const upserted = new Map(change.upserted.map((s) => [s.id, s]));
  const days = new Set(change.days);
  const result: Sailing[] = [];
  for (const s of stored) {
    if (removed.has(s.id) || upserted.has(s.id)) continue;
    const stamp = change.observedAt[s.source];
    result.push(stamp !== undefined && days.has(sailingDay(s)) ? { ...s, observedAt: stamp } : s);
  }
  return [...result, ...upserted.values()];
}
