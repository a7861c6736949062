import { beforeEach, describe, expect, it, vi } from 'vitest';

import { pullTimers, queueTimer, queueTimerCancel } from '@/data/arrival-timers';
import type { DeckhandDB } from '@/data/db';
import { listArrivalTimers } from '@/domain/contracts/arrival-timers';
import type { apiRequest } from '@/lib/api-client';
import { flushOutbox } from '@/sync/flusher';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
const NOW = Date.parse('2026-07-10T19:00:00Z');

beforeEach(() => {
  database = freshDatabase();
});

const input = {
  ferryId: 'queen-of-oak-bay',
  departureLocation: '  Burnaby ',
  targetDeparture: '2026-07-10T21:45:00.000Z',
  bufferTime: 20,
};

describe('arrival timers offline', () => {
  it('creates a timer for its sailing locally (arrive by check-in, leave by cutoff − 45 − buffer) and queues its POST in the same write', async () => {
    const row = await queueTimer(database, input, NOW);
    expect(await database.arrivalTimers.get(row.id)).toMatchObject({
      status: 'active',
      syncState: 'queued',
      departureLocation: 'Burnaby',
      // Sailing 21:45Z: check-in closes 21:15Z; leave by 21:15 − 45 − 20 = 20:10Z.
      cutoffTime: '2026-07-10T21:15:00.000Z',
      alarmTime: '2026-07-10T20:10:00.000Z',
      travelTime: 45,
    });
    const [queued] = await database.outbox.toArray();
    expect(queued).toMatchObject({
      method: 'POST',
      path: '/api/arrival-timers',
      localTable: 'arrivalTimers',
      localKey: row.id,
    });
    expect(queued!.body).toEqual({
      id: row.id,
      ferryId: 'queen-of-oak-bay',
      departureLocation: 'Burnaby',
      targetDeparture: input.targetDeparture,
      bufferTime: 20,
      travelTime: 45,
    });
  });

  it('keeps one active timer: a new one cancels the previous locally', async () => {
    const first = await queueTimer(database, input, NOW);
    const second = await queueTimer(database, { ...input, departureLocation: 'Surrey' }, NOW + 1);
    expect((await database.arrivalTimers.get(first.id))?.status).toBe('cancelled');
    expect((await database.arrivalTimers.get(second.id))?.status).toBe('active');
  });

  it('cancels offline with a DELETE for the same client id, sent after the POST, each with its own key', async () => {
    const row = await queueTimer(database, input, NOW);
    await queueTimerCancel(database, row.id);
    expect((await database.arrivalTimers.get(row.id))?.status).toBe('cancelled');

    const calls: Array<{ path: string; method?: string; key?: string }> = [];
    const send = vi.fn(async (path: string, req: Parameters<typeof apiRequest>[1] = {}) => {
      calls.push({ path, method: req.method, key: req.idempotencyKey });
      return req.method === 'POST' ? { id: row.id } : null;
    }) as unknown as typeof apiRequest;
    const result = await flushOutbox({ database, send });
    expect(result).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/arrival-timers',
      `DELETE /api/arrival-timers/${row.id}`,
    ]);
    expect(new Set(calls.map((c) => c.key)).size).toBe(2);
  });
});

describe('pullTimers', () => {
  it('takes the server figures for sent timers, keeps queued ones and drops sent ones the server no longer has', async () => {
    const queued = await queueTimer(database, input, NOW);
    await database.arrivalTimers.bulkPut([
      {
        ...(await database.arrivalTimers.get(queued.id))!,
        id: 'gone',
        syncState: 'sent',
        status: 'active',
        createdAt: 1,
      },
      {
        ...(await database.arrivalTimers.get(queued.id))!,
        id: 'server-one',
        syncState: 'sent',
        status: 'active',
        createdAt: 2,
        alarmTime: 'old',
      },
    ]);
    const server = [
      {
        id: 'server-one',
        ferryId: 'f',
        departureLocation: 'Richmond',
        targetDeparture: null,
        bufferTime: 15,
        travelTime: 45,
        cutoffTime: '2026-07-10T20:00:00.000Z',
        alarmTime: '2026-07-10T19:55:00.000Z',
        status: 'active',
        createdAt: '2026-07-10T19:00:00.000Z',
      },
    ];
    fakeApi().answer(listArrivalTimers, server);
    await pullTimers(database);
    const rows = await database.arrivalTimers.toArray();
    expect(rows.map((r) => r.id).sort()).toEqual([queued.id, 'server-one'].sort());
    expect(await database.arrivalTimers.get('server-one')).toMatchObject({
      alarmTime: '2026-07-10T19:55:00.000Z',
      departureLocation: 'Richmond',
      syncState: 'sent',
    });
  });

  it('keeps a timer sent while the pull was on its way: the answer predates it', async () => {
    let answer: (timers: []) => void = () => undefined;
    const answered = new Promise<[]>((resolve) => (answer = resolve));
    // Only the timer list is slow; anything else the flusher asks for after a first write is refused at once.
    const api = fakeApi().answer(listArrivalTimers, () => answered);
    // The widget opens and pulls; the server has no timer for the rider yet.
    const pulling = pullTimers(database);
    // Meanwhile the rider starts a timer and it reaches the server.
    const row = await queueTimer(database, input, Date.now());
    const send = vi.fn(async () => ({ id: row.id })) as unknown as typeof apiRequest;
    await flushOutbox({ database, send });
    expect((await database.arrivalTimers.get(row.id))?.syncState).toBe('sent');

    answer([]);
    await pulling;
    expect(await database.arrivalTimers.get(row.id)).toMatchObject({ status: 'active', syncState: 'sent' });

    // A pull started after the send, answered without the timer, means the server no longer has it.
    await new Promise((resolve) => setTimeout(resolve, 2));
    api.answer(listArrivalTimers, []);
    await pullTimers(database);
    expect(await database.arrivalTimers.get(row.id)).toBeUndefined();
  });
});
