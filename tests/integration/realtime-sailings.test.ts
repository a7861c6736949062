/**
 * The /ws sailings stream into Dexie: a device that takes the snapshot and then every change holds
 * exactly the sailings the server answers on GET /api/sailings for the stream's days; a change that
 * does not follow the version the connection holds (a message missed) is not applied and the
 * connection asks for a snapshot, which puts the device right again. The messages are the server's
 * own (its feed under the simulator and its /ws sailings stream), the answers its route's selection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeckhandDB } from '@/data/db';
import type { Sailing } from '@/domain/sailing';
import { handleRealtimeMessage, type SailingsChannel } from '@/sync/realtime';
import { serviceDayOf } from '@/domain/service-day';
import { createFerryFeed } from '../../server/feed/ferry-feed';
import { createSailingsStream } from '../../server/realtime/sailings-stream';
import { selectSailings } from '../../server/routes/sailings';

/** Friday 10 July 2026, 09:00 in Vancouver. */
const MORNING = Date.parse('2026-07-10T09:00:00-07:00');

let database: DeckhandDB;
let clock: number;
let feed: ReturnType<typeof createFerryFeed>;
let stream: ReturnType<typeof createSailingsStream>;
/** Each change message the server sent, in order. */
let changes: Buffer[];

beforeEach(() => {
  database = new DeckhandDB(`test-${crypto.randomUUID()}`);
  clock = MORNING;
  feed = createFerryFeed({ now: () => clock });
  stream = createSailingsStream(feed.sailings());
  changes = [];
  feed.subscribeSailings((list) => {
    const change = stream.change(list);
    if (change) changes.push(change);
  });
});

afterEach(async () => {
  await database.delete();
});

function channel(): SailingsChannel & { resyncs: number } {
  const c: SailingsChannel & { resyncs: number } = {
    resyncs: 0,
    requestResync() {
      c.resyncs += 1;
    },
  };
  return c;
}

/** Moves the simulated clock on a minute at a time; returns the change messages sent meanwhile. */
function minutes(count: number): Buffer[] {
  const from = changes.length;
  for (let i = 0; i < count; i += 1) {
    clock += 60_000;
    feed.tick();
  }
  return changes.slice(from);
}

/** What GET /api/sailings?date=… answers for each of `days`, together. */
function served(days: readonly string[]): Sailing[] {
  return days.flatMap((date) => selectSailings(feed.sailings(), { date }, clock));
}

const dayOf = (s: Sailing) => serviceDayOf(Date.parse(s.scheduledDeparture));
const byId = (list: readonly Sailing[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
const receive = (message: Buffer, c: SailingsChannel) => handleRealtimeMessage(database, message.toString(), c);
const windowDays = () => (JSON.parse(stream.snapshot().toString()) as { data: { days: string[] } }).data.days;

describe('the /ws sailings stream on the device', () => {
  it('ends with exactly the server\'s sailings after a snapshot and an hour of changes', async () => {
    const c = channel();
    expect(await receive(stream.snapshot(), c)).toBe(true);
    const sent = minutes(60);
    expect(sent.length).toBeGreaterThan(0);
    for (const message of sent) expect(await receive(message, c)).toBe(true);
    expect(c.resyncs).toBe(0);
    expect(byId(await database.sailings.toArray())).toEqual(byId(served(windowDays())));
  });

  it('keeps the later days a REST pull stored, and moves its window into the next service day', async () => {
    const c = channel();
    await receive(stream.snapshot(), c);
    // The REST pull: every day the server has (the stream carries today and tomorrow).
    const all = selectSailings(feed.sailings(), {}, clock);
    await database.sailings.bulkPut([...all]);
    clock = Date.parse('2026-07-11T04:00:00-07:00') - 60_000;
    for (const message of minutes(1)) await receive(message, c);
    expect(windowDays()).toEqual(['2026-07-11', '2026-07-12']);
    const stored = await database.sailings.toArray();
    expect(byId(stored.filter((s) => windowDays().includes(dayOf(s))))).toEqual(byId(served(windowDays())));
    // Later days stay as the pull stored them; the day gone by is gone.
    expect(stored.some((s) => dayOf(s) === '2026-07-15')).toBe(true);
    expect(stored.some((s) => dayOf(s) === '2026-07-10')).toBe(false);
  });

  it('does not apply a change after a missed one: it asks for a snapshot, which puts the device right', async () => {
    const c = channel();
    await receive(stream.snapshot(), c);
    const [first, missed, after] = minutes(3);
    expect(missed).toBeDefined();
    expect(await receive(first!, c)).toBe(true);
    expect(await receive(after!, c)).toBe(false);
    expect(c.resyncs).toBe(1);
    await receive(stream.snapshot(), c);
    for (const message of minutes(3)) expect(await receive(message, c)).toBe(true);
    expect(byId(await database.sailings.toArray())).toEqual(byId(served(windowDays())));
  });

  it('after a reconnect takes no change before the new connection\'s snapshot', async () => {
    const first = channel();
    await receive(stream.snapshot(), first);
    minutes(10); // missed while offline
    const second = channel();
    const [change] = minutes(1);
    expect(await receive(change!, second)).toBe(false);
    expect(second.resyncs).toBe(1);
    await receive(stream.snapshot(), second);
    for (const message of minutes(2)) await receive(message, second);
    expect(byId(await database.sailings.toArray())).toEqual(byId(served(windowDays())));
  });
});
