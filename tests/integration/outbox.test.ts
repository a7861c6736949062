import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ComplaintRow, DeckhandDB } from '@/data/db';
import { OUTBOX_BACKOFF_BASE_MS } from '@/domain/constants';
import { fileComplaint } from '@/domain/contracts/complaints';
import { ApiError, apiRequest, NetworkError } from '@/lib/api-client';
import { clearBackoff, discardFailed, flushOutbox, retryFailed } from '@/sync/flusher';
import { enqueue, saveWithOutbox } from '@/sync/outbox';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
const NOW = 1_750_000_000_000;
const now = () => NOW;

beforeEach(() => {
  database = freshDatabase();
});

function complaint(description: string, createdAt = NOW): ComplaintRow {
  return { localId: crypto.randomUUID(), category: 'other', description, createdAt, syncState: 'queued' };
}

async function queue(description: string) {
  const row = complaint(description);
  const outbox = await saveWithOutbox(database, database.complaints, row, {
    method: 'POST',
    path: '/api/complaints',
    body: { category: row.category, description },
  });
  return { row, outbox };
}

type Send = typeof apiRequest;

/** A server stand-in: answers each request with the next scripted outcome, records what it got. */
function scriptedSend(...outcomes: Array<'ok' | Error>) {
  const calls: Array<{ path: string; body: unknown; idempotencyKey?: string }> = [];
  let nextId = 100;
  const send = vi.fn(async (path: string, req: Parameters<Send>[1] = {}) => {
    calls.push({ path, body: req.body, idempotencyKey: req.idempotencyKey });
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome instanceof Error) throw outcome;
    return { id: nextId++, status: 'received' };
  }) as unknown as Send;
  return { send, calls };
}

describe('enqueue', () => {
  it('throws outside a transaction', async () => {
    await expect(enqueue(database, { method: 'POST', path: '/api/complaints', body: {} })).rejects.toThrow(
      /transaction/,
    );
    expect(await database.outbox.count()).toBe(0);
  });

  it('throws inside a transaction that does not include the outbox', async () => {
    await expect(
      database.transaction('rw', database.complaints, async () => {
        await database.complaints.put(complaint('no outbox in scope'));
        await enqueue(database, { method: 'POST', path: '/api/complaints', body: {} });
      }),
    ).rejects.toThrow(/transaction/);
    expect(await database.complaints.count()).toBe(0);
  });

  it('commits the local row and the outbox row together, or neither', async () => {
    await expect(
      database.transaction('rw', database.complaints, database.outbox, async () => {
        await database.complaints.put(complaint('will be rolled back'));
        await enqueue(database, { method: 'POST', path: '/api/complaints', body: { category: 'other' } });
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await database.complaints.count()).toBe(0);
    expect(await database.outbox.count()).toBe(0);

    const { row, outbox } = await queue('kept');
    expect(await database.complaints.get(row.localId)).toMatchObject({ syncState: 'queued' });
    expect(await database.outbox.get(outbox.seq!)).toMatchObject({
      id: outbox.id,
      status: 'pending',
      attempts: 0,
      localTable: 'complaints',
      localKey: row.localId,
    });
    expect(outbox.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('flushOutbox', () => {
  it('sends rows in order with the row id as Idempotency-Key and marks local rows sent', async () => {
    const first = await queue('first');
    const second = await queue('second');
    const third = await queue('third');
    let nextId = 1;
    const api = fakeApi().answer(fileComplaint, ({ body }) => ({
      ...(body as { category: 'other'; description: string }),
      id: nextId++,
      status: 'received',
      createdAt: new Date(NOW).toISOString(),
    }));
    const requests = () => api.callsTo(fileComplaint);

    const result = await flushOutbox({ database, now });

    expect(result).toEqual({ sent: 3, failed: 0, remaining: 0 });
    expect(requests().map((r) => r.body)).toEqual([
      { category: 'other', description: 'first' },
      { category: 'other', description: 'second' },
      { category: 'other', description: 'third' },
    ]);
    expect(requests().map((r) => r.idempotencyKey)).toEqual([first.outbox.id, second.outbox.id, third.outbox.id]);
    expect(requests().every((r) => r.path === '/api/complaints' && r.method === 'POST')).toBe(true);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.complaints.get(first.row.localId)).toMatchObject({ syncState: 'sent', serverId: 1 });
    expect(await database.complaints.get(third.row.localId)).toMatchObject({ syncState: 'sent', serverId: 3 });
  });

  it('keeps a row after a network failure, backs off, and stops the pass so later rows wait', async () => {
    const first = await queue('first');
    await queue('second');
    const { send, calls } = scriptedSend(new NetworkError(new TypeError('Failed to fetch')));

    const result = await flushOutbox({ database, send, now });

    expect(result).toEqual({ sent: 0, failed: 0, remaining: 2 });
    expect(calls).toHaveLength(1);
    expect(await database.outbox.get(first.outbox.seq!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: NOW + OUTBOX_BACKOFF_BASE_MS,
    });
    expect(await database.complaints.get(first.row.localId)).toMatchObject({ syncState: 'queued' });

    // Still in backoff: nothing goes, not even the row behind it.
    await flushOutbox({ database, send, now });
    expect(calls).toHaveLength(1);

    // Backoff over: both go, in order, the first with its original key.
    const later = await flushOutbox({ database, send, now: () => NOW + OUTBOX_BACKOFF_BASE_MS });
    expect(later).toEqual({ sent: 2, failed: 0, remaining: 0 });
    expect(calls.map((c) => (c.body as { description: string }).description)).toEqual(['first', 'first', 'second']);
    expect(calls[1]!.idempotencyKey).toBe(first.outbox.id);
  });

  it('clearBackoff makes waiting rows due at once (the connection came back)', async () => {
    await queue('first');
    const { send, calls } = scriptedSend(new NetworkError(null));
    await flushOutbox({ database, send, now });
    await clearBackoff(database);
    expect(await flushOutbox({ database, send, now })).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect(calls).toHaveLength(2);
  });

  it('doubles the backoff on each further retryable failure', async () => {
    const first = await queue('first');
    const { send } = scriptedSend(new NetworkError(null), new NetworkError(null));
    await flushOutbox({ database, send, now });
    const retryAt = NOW + OUTBOX_BACKOFF_BASE_MS;
    await flushOutbox({ database, send, now: () => retryAt });
    expect(await database.outbox.get(first.outbox.seq!)).toMatchObject({
      attempts: 2,
      nextAttemptAt: retryAt + OUTBOX_BACKOFF_BASE_MS * 2,
    });
  });

  it.each([500, 503, 408, 429])('retries after a %i answer', async (status) => {
    const first = await queue('first');
    const { send, calls } = scriptedSend(new ApiError(status, '', 'Server trouble'));

    expect(await flushOutbox({ database, send, now })).toEqual({ sent: 0, failed: 0, remaining: 1 });
    expect(await database.outbox.get(first.outbox.seq!)).toMatchObject({ status: 'pending', attempts: 1 });

    expect(await flushOutbox({ database, send, now: () => NOW + OUTBOX_BACKOFF_BASE_MS })).toEqual({
      sent: 1,
      failed: 0,
      remaining: 0,
    });
    expect(calls.map((c) => c.idempotencyKey)).toEqual([first.outbox.id, first.outbox.id]);
    expect(await database.complaints.get(first.row.localId)).toMatchObject({ syncState: 'sent', serverId: 100 });
  });

  it('retries a 409 that says the same key is still being processed', async () => {
    const first = await queue('first');
    const inProgress = JSON.stringify({ error: 'idempotency_in_progress', message: 'Still processing' });
    const { send } = scriptedSend(new ApiError(409, inProgress, 'Conflict'));

    expect(await flushOutbox({ database, send, now })).toEqual({ sent: 0, failed: 0, remaining: 1 });
    expect(await database.outbox.get(first.outbox.seq!)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('treats a 400 as final: marked failed with the server message, kept visible, and the next row still goes', async () => {
    const rejected = await queue('   ');
    const next = await queue('second');
    const { send, calls } = scriptedSend(
      new ApiError(400, JSON.stringify({ error: 'invalid_body', message: 'Description is required' }), 'Bad Request'),
    );

    const result = await flushOutbox({ database, send, now });

    expect(result).toEqual({ sent: 1, failed: 1, remaining: 0 });
    expect(calls).toHaveLength(2);
    expect(await database.outbox.get(rejected.outbox.seq!)).toMatchObject({
      status: 'failed',
      lastError: 'Description is required',
    });
    expect(await database.complaints.get(rejected.row.localId)).toMatchObject({
      syncState: 'failed',
      syncError: 'Description is required',
    });
    expect(await database.complaints.get(next.row.localId)).toMatchObject({ syncState: 'sent' });

    // A failed row is never resent by later passes.
    await flushOutbox({ database, send, now });
    expect(calls).toHaveLength(2);
  });

  it('sends each row once when flushes are started concurrently', async () => {
    await queue('first');
    await queue('second');
    await queue('third');
    const keys: string[] = [];
    const send = vi.fn(async (_path: string, req: Parameters<Send>[1] = {}) => {
      keys.push(req.idempotencyKey!);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id: keys.length };
    }) as unknown as Send;

    const results = await Promise.all([
      flushOutbox({ database, send, now }),
      flushOutbox({ database, send, now }),
      flushOutbox({ database, send, now }),
    ]);

    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(3);
    expect(await database.outbox.count()).toBe(0);
  });

  it('also sends a row queued while a pass is running', async () => {
    await queue('first');
    const descriptions: string[] = [];
    let queuedDuringPass: Promise<unknown> | null = null;
    const send = vi.fn(async (_path: string, req: Parameters<Send>[1] = {}) => {
      descriptions.push((req.body as { description: string }).description);
      queuedDuringPass ??= queue('queued mid-pass');
      await queuedDuringPass;
      return { id: descriptions.length };
    }) as unknown as Send;

    const firstPass = flushOutbox({ database, send, now });
    await queuedDuringPass;
    const secondCall = flushOutbox({ database, send, now });
    await Promise.all([firstPass, secondCall]);

    expect(descriptions).toEqual(['first', 'queued mid-pass']);
    expect(await database.outbox.count()).toBe(0);
  });

  it('reports progress while it works', async () => {
    await queue('first');
    await queue('second');
    const { send } = scriptedSend();
    const seen: Array<{ sent: number; remaining: number }> = [];
    await flushOutbox({ database, send, now, onProgress: (p) => seen.push({ sent: p.sent, remaining: p.remaining }) });
    expect(seen).toEqual([
      { sent: 0, remaining: 2 },
      { sent: 1, remaining: 1 },
      { sent: 2, remaining: 0 },
    ]);
  });
});

describe('failed rows', () => {
  async function rejectOne() {
    const queued = await queue('rejected');
    const { send } = scriptedSend(new ApiError(422, JSON.stringify({ error: 'x', message: 'Not allowed' }), ''));
    await flushOutbox({ database, send, now });
    return queued;
  }

  it('retryFailed queues the write again under a fresh Idempotency-Key and the next flush sends it', async () => {
    const { row, outbox } = await rejectOne();
    await retryFailed(database, outbox.id);

    const retried = await database.outbox.get(outbox.seq!);
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    expect(retried!.id).not.toBe(outbox.id);
    expect(retried!.lastError).toBeUndefined();
    expect(await database.complaints.get(row.localId)).toMatchObject({ syncState: 'queued' });

    const { send, calls } = scriptedSend();
    expect(await flushOutbox({ database, send, now })).toEqual({ sent: 1, failed: 0, remaining: 0 });
    expect(calls[0]!.idempotencyKey).toBe(retried!.id);
    expect(await database.complaints.get(row.localId)).toMatchObject({ syncState: 'sent' });
  });

  it('discardFailed removes the write and the local row it mirrored', async () => {
    const { row, outbox } = await rejectOne();
    await discardFailed(database, outbox.id);
    expect(await database.outbox.count()).toBe(0);
    expect(await database.complaints.get(row.localId)).toBeUndefined();
  });

  it('leaves pending rows alone', async () => {
    const { outbox } = await queue('pending');
    await discardFailed(database, outbox.id);
    await retryFailed(database, outbox.id);
    expect(await database.outbox.get(outbox.seq!)).toMatchObject({ id: outbox.id, status: 'pending' });
  });
});
