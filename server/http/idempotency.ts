/**
 * Exactly-once writes (DESIGN.md data flow). A POST/PUT/PATCH/DELETE carrying an `Idempotency-Key`
 * runs once; every repeat gets the first answer back, byte for byte, with `Idempotent-Replayed: true`.
 *
 * How:
 * - preHandler: claim the key with `INSERT ... ON CONFLICT DO NOTHING` (state `pending`). Whoever
 *   inserts runs the route. Everyone else reads the row:
 *   - same caller, method, path and body hash, `done`     → replay the stored status and body;
 *   - same, still `pending`                               → poll every IDEMPOTENCY_POLL_MS for up to
 *     IDEMPOTENCY_WAIT_MAX_MS, then 409 `idempotency_in_progress` (retry later);
 *   - anything different                                  → 422 `idempotency_key_reused`.
 * - onSend: the owner stores the status and body (2xx and 4xx are final answers). A 5xx, or a body
 *   that cannot be stored (a stream), deletes the row so a retry runs the route again.
 * - A row left `pending` for IDEMPOTENCY_PENDING_STALE_MS belongs to a request that died with its
 *   process; the next repeat takes it over atomically instead of waiting forever.
 *
 * The caller is the session user when the key is first seen. A key first used without a session is
 * not bound to anyone (the route may create the account during that very request).
 * Rows are deleted after IDEMPOTENCY_TTL_MS by server/jobs/idempotency-cleanup.ts.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_PENDING_STALE_MS, IDEMPOTENCY_POLL_MS, IDEMPOTENCY_WAIT_MAX_MS } from '@/domain/constants';
import { getSessionUser } from '../auth/session';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { httpError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Claim {
  key: string;
  settled: boolean;
}

/** Requests whose route runs under a key this process claimed. */
const claims = new WeakMap<FastifyRequest, Claim>();

function hashBody(body: unknown): string {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function') hash.update('');
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw httpError(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 8 to 200 characters of letters, digits, "_" or "-"',
    );
  }
  return raw;
}

export function registerIdempotency(app: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  async function claim(fields: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
    const rows = await db.insert(idempotencyKeys).values(fields).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  async function takeOverStale(key: string): Promise<boolean> {
    const cutoff = new Date(Date.now() - IDEMPOTENCY_PENDING_STALE_MS);
    const rows = await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date() })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending'), lt(idempotencyKeys.createdAt, cutoff)))
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!METHODS.has(request.method)) return;
    const key = readKey(request);
    if (key === null) return;
    const user = await getSessionUser(request);
    const userId = user?.id ?? null;
    const fields = { key, userId, method: request.method, path: request.url, requestHash: hashBody(request.body) };

    const deadline = Date.now() + IDEMPOTENCY_WAIT_MAX_MS;
    for (;;) {
      if (await claim(fields)) {
        claims.set(request, { key, settled: false });
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
      // Gone between the insert and the select: the first attempt failed with a 5xx. Try to claim again.
      if (!row) continue;
      const sameCaller = row.userId === null || row.userId === userId;
      if (!sameCaller || row.method !== fields.method || row.path !== fields.path || row.requestHash !== fields.requestHash) {
        throw httpError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request; send a new key for a new request',
        );
      }
      if (row.state === 'done' && row.statusCode !== null) {
        reply.code(row.statusCode).header(REPLAYED_HEADER, 'true');
        if (row.contentType) reply.type(row.contentType);
        return reply.send(row.responseBody ?? '');
      }
      if (await takeOverStale(key)) {
        claims.set(request, { key, settled: false });
        return;
      }
      if (Date.now() >= deadline) {
        reply.header('Retry-After', '1');
        throw httpError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still running; retry shortly');
      }
      await sleep(IDEMPOTENCY_POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = claims.get(request);
    if (!owned || owned.settled) return payload;
    owned.settled = true;
    const storable = payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (reply.statusCode >= 500 || !storable) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, owned.key));
        return payload;
      }
      const contentType = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          statusCode: reply.statusCode,
          responseBody: payload === null || payload === undefined ? '' : payload.toString(),
          contentType: typeof contentType === 'string' ? contentType : null,
        })
        .where(eq(idempotencyKeys.key, owned.key));
    } catch (error) {
      // The answer still goes out; a retry finds the row pending and, once stale, runs again.
      request.log.error({ err: error }, 'storing the idempotent response failed');
    }
    return payload;
  });

  // A route that never reached onSend (socket closed mid-request) must not leave its key pending.
  app.addHook('onResponse', async (request) => {
    const owned = claims.get(request);
    if (!owned || owned.settled) return;
    owned.settled = true;
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, owned.key), eq(idempotencyKeys.state, 'pending')))
      .catch((error: unknown) => request.log.error({ err: error }, 'releasing an idempotency key failed'));
  });
}
