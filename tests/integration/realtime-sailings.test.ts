/**
 * The /ws sailings stream into Dexie: a device that takes the snapshot and then every change holds
 * exactly the sailings the server answers on GET /api/sailings for the stream's days; a change that
 * does not follow the version the connection holds (a message missed) is not applied and the
 * connection asks for a snapshot, which puts the device right again. The messages are the server's
 * own (its feed under the simulator and its /ws sailings stream), the answers its route's selection.
 */
import { describe, expect, it } from 'vitest';

import { handleRealtimeMessage, type SailingsChannel } from '@/data/realtime-messages';
import type { Sailing } from '@/domain/sailing';
import { serviceDayOf } from '@/domain/service-day';

import { createFerryFeed } from '../../server/feed/ferry-feed';
import { createSailingsStream } from '../../server/realtime/sailings-stream';
import { selectSailings } from '../../server/routes/sailings';
import { freshDatabase } from '../kit/client/fresh-database';

/** Friday 10 July 2026, 09:00 in Vancouver. */
const MORNING = Date.parse('2026-07-10T09:00:00-07:00');
/**
 * An hour of the simulator's ticks and 60 change messages stored on fake-indexeddb is real work:
 * 5 s on a 2-core machine at load average 25 (about 1.8 s of ticks, 3 s of Dexie writes).
 */
const HOUR_OF_CHANGES_TIMEOUT_MS = 60_000;

function channel(): SailingsChannel & { resyncs: number } {
  const c: SailingsChannel & { resyncs: number } = {
    resyncs: 0,
    requestResync() {
      c.resyncs += 1;
    },
  };
  return c;
}

const dayOf = (s: Sailing) => serviceDayOf(Date.parse(s.scheduledDeparture));
const byId = (list: readonly Sailing[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

/**
 * One test's device, server feed and stream. Each test holds its own, so a test that ran out of time
 * and still runs can never write into the next test's device.
 */
function world() {
  const database = freshDatabase();
  const clock = { now: MORNING };
  const feed = createFerryFeed({ now: () => clock.now });
  const stream = createSailingsStream(feed.sailings());
  /** Each change message the server sent, in order. */
  const changes: Buffer[] = [];
  feed.subscribeSailings((list) => {
    const change = stream.change(list);
    if (change) changes.push(change);
  });
  const windowDays = () => (JSON.parse(stream.snapshot().toString()) as { data: { days: string[] } }).data.days;
  return {
    database,
    clock,
    feed,
    stream,
    windowDays,
    receive: (message: Buffer, c: SailingsChannel) => handleRealtimeMessage(database, message.toString(), c),
    /** Moves the simulated clock on a minute at a time; returns the change messages sent meanwhile. */
    minutes(count: number): Buffer[] {
      const from = changes.length;
      for (let i = 0; i < count; i += 1) {
        clock.now += 60_000;
        feed.tick();
      }
      return changes.slice(from);
    },
    /** What GET /api/sailings?date=… answers for each day of the stream's window, together. */
    served: (): Sailing[] => windowDays().flatMap((date) => selectSailings(feed.sailings(), { date }, clock.now)),
  };
}

describe('the /ws sailings stream on the device', () => {
  it(
    "ends with exactly the server's sailings after a snapshot and an hour of changes",
    async () => {
      const { database, stream, receive, minutes, served } = world();
      const c = channel();
      expect(await receive(stream.snapshot(), c)).toBe(true);
      const sent = minutes(60);
      expect(sent.length).toBeGreaterThan(0);
      for (const message of sent) expect(await receive(message, c)).toBe(true);
      expect(c.resyncs).toBe(0);
      expect(byId(await database.sailings.toArray())).toEqual(byId(served()));
    },
    HOUR_OF_CHANGES_TIMEOUT_MS,
  );

  it('keeps the later days a REST pull stored, and moves its window into the next service day', async () => {
    const { database, clock, feed, stream, receive, minutes, served, windowDays } = world();
    const c = channel();
    await receive(stream.snapshot(), c);
    // The REST pull: every day the server has (the stream carries today and tomorrow).
    const all = selectSailings(feed.sailings(), {}, clock.now);
    await database.sailings.bulkPut([...all]);
    clock.now = Date.parse('2026-07-11T04:00:00-07:00') - 60_000;
    for (const message of minutes(1)) await receive(message, c);
    expect(windowDays()).toEqual(['2026-07-11', '2026-07-12']);
    const stored = await database.sailings.toArray();
    expect(byId(stored.filter((s) => windowDays().includes(dayOf(s))))).toEqual(byId(served()));
    // Later days stay as the pull stored them; the day gone by is gone.
    expect(stored.some((s) => dayOf(s) === '2026-07-15')).toBe(true);
    expect(stored.some((s) => dayOf(s) === '2026-07-10')).toBe(false);
  });

  it('does not apply a change after a missed one: it asks for a snapshot, which puts the device right', async () => {
    const { database, stream, receive, minutes, served } = world();
    const c = channel();
    await receive(stream.snapshot(), c);
    const [first, missed, after] = minutes(3);
    expect(missed).toBeDefined();
    expect(await receive(first!, c)).toBe(true);
    expect(await receive(after!, c)).toBe(false);
    expect(c.resyncs).toBe(1);
    await receive(stream.snapshot(), c);
    for (const message of minutes(3)) expect(await receive(message, c)).toBe(true);
    expect(byId(await database.sailings.toArray())).toEqual(byId(served()));
  });

  it("after a reconnect takes no change before the new connection's snapshot", async () => {
    const { database, stream, receive, minutes, served } = world();
    const first = channel();
    await receive(stream.snapshot(), first);
    minutes(10); // missed while offline
    const second = channel();
    const [change] = minutes(1);
    expect(await receive(change!, second)).toBe(false);
    expect(second.resyncs).toBe(1);
    await receive(stream.snapshot(), second);
    for (const message of minutes(2)) await receive(message, second);
    expect(byId(await database.sailings.toArray())).toEqual(byId(served()));
  });
});
