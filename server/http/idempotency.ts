/**
 * Exactly-once writes (DESIGN.md data flow). A POST/PUT/PATCH/DELETE carrying an `Idempotency-Key`
 * runs once; every repeat gets the first answer back, byte for byte, with `Idempotent-Replayed: true`.
 *
 * How:
 * - preValidation (before the contract's schema reads the body, so a refused body's 400 is stored
 *   and replayed like any answer, and the key hashes the body as sent): claim the key with
 *   `INSERT ... ON CONFLICT DO NOTHING` (state `pending`). Whoever inserts runs the route. Everyone
 *   else reads the row:
 *   - same caller, method, path and body, `done`          → replay the stored status and body;
 *   - same, still `pending`                               → poll every IDEMPOTENCY_POLL_MS for up to
 *     IDEMPOTENCY_WAIT_MAX_MS, then 409 `idempotency_in_progress` (retry later);
 *   - anything different                                  → 422 `idempotency_key_reused`.
 * - A route that writes runs its write through `commitWrite`: the write and the stored answer
 *   commit in ONE database transaction, so a crash (kill -9) can never leave a committed write whose
 *   key is still `pending` — a retry either replays the answer or finds nothing was written.
 * - onSend: for answers `commitWrite` did not already store (refusals, read-only routes), the owner
 *   stores the status and body (2xx and 4xx are final answers). A 5xx, or a body that cannot be
 *   stored (a stream), deletes the row so a retry runs the route again.
 * - A row left `pending` for IDEMPOTENCY_PENDING_STALE_MS belongs to a request that died with its
 *   process; the next repeat takes it over atomically instead of waiting forever.
 *
 * Keys are scoped to the rider. Who the caller is comes from the session lookup the app hands in
 * (`callerId`: server/auth/session.ts; http/ never imports auth/, which builds on http/).
 * The row names the rider who owns the answer: the session user when
 * the key is first seen, or the account the route created for a caller without a session. A rider
 * with a session never gets another rider's answer (422). A caller without a session replays only a
 * key that was first used without a session (the browser whose first write lost its answer, and so
 * its cookie); a key first used with a session is never replayed to a cookie-less caller.
 * Bodies are compared as canonical JSON (keys sorted), so a retry that serialises keys in another
 * order is the same request.
 * Rows are deleted after IDEMPOTENCY_TTL_MS by server/jobs/idempotency-cleanup.ts.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import stringify from 'safe-stable-stringify';

import { IDEMPOTENCY_PENDING_STALE_MS, IDEMPOTENCY_POLL_MS, IDEMPOTENCY_WAIT_MAX_MS } from '@/domain/constants';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { idempotencyKeys } from '../db/schema';
import { httpError } from './errors';
import { addRouteHook, isWriteRoute } from './route-hooks';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/;
const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The id of the rider whose session the request carries, or null without one. */
export type CallerLookup = (request: FastifyRequest) => Promise<number | null>;

interface Claim {
  key: string;
  /** Who the caller is by the time the answer is stored (a route may open the caller's account). */
  callerId: CallerLookup;
  /** The claim's stamp: a takeover writes a new one, so a slow first owner can no longer commit. */
  claimedAt: Date;
  settled: boolean;
}

/** Requests whose route runs under a key this process claimed. */
const claims = new WeakMap<FastifyRequest, Claim>();

/** Who sent a request, as far as the key's scope goes: a rider with a session, or nobody yet. */
type CallerKind = 'rider' | 'anonymous';

/** sha256 over the caller kind and the canonical body (object keys sorted at every depth). */
function hashRequest(body: unknown, caller: CallerKind): string {
  const hash = createHash('sha256').update(`${caller}\n`);
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function')
    hash.update('');
  else hash.update(stringify(body ?? null) ?? 'null');
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

/**
 * PGlite has one server per data directory, so every key still pending when it opens belongs to a
 * process that died (kill -9, power loss) mid-request, whose write was rolled back with it: free
 * them at once instead of making retries wait IDEMPOTENCY_PENDING_STALE_MS.
 */
export async function releaseOrphanedClaims(database: Database): Promise<number> {
  if (database.kind !== 'pglite') return 0;
  const rows = await database.db
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.state, 'pending'))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** The row as this request claimed it: still pending and not taken over since. */
function claimedBy(owned: Claim) {
  return and(
    eq(idempotencyKeys.key, owned.key),
    eq(idempotencyKeys.state, 'pending'),
    eq(idempotencyKeys.createdAt, owned.claimedAt),
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Runs a route's write in one transaction together with storing its answer under the request's
 * Idempotency-Key (when it has one), sets the status and returns the body for `reply.send`. The
 * status may be a function, read once the write is done.
 * `write` must use only `tx`: on PGlite a query through the shared handle would wait for this very
 * transaction. If the claim was taken over meanwhile (this request outlived
 * IDEMPOTENCY_PENDING_STALE_MS), the write rolls back and the caller is told to retry.
 */
export async function commitWrite<T>(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number | (() => number),
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  let statusCode = typeof status === 'number' ? status : 0;
  const owned = claims.get(request);
  const owner = owned && !owned.settled ? await owned.callerId(request) : null;
  const body = await database.db.transaction(async (tx) => {
    const result = await write(tx);
    if (typeof status === 'function') statusCode = status();
    if (owned && !owned.settled) {
      const stored = await tx
        .update(idempotencyKeys)
        .set({
          state: 'done',
          statusCode,
          responseBody: result === undefined ? '' : JSON.stringify(result),
          contentType: result === undefined ? null : JSON_TYPE,
          userId: owner,
        })
        .where(claimedBy(owned))
        .returning({ key: idempotencyKeys.key });
      if (stored.length === 0) {
        reply.header('Retry-After', '1');
        throw httpError(
          409,
          'idempotency_in_progress',
          'A newer attempt with this Idempotency-Key took over; retry shortly',
        );
      }
    }
    return result;
  });
  if (owned) owned.settled = true;
  reply.code(statusCode);
  if (body !== undefined) reply.type(JSON_TYPE);
  return body;
}

export function registerIdempotency(app: FastifyInstance, deps: { database: Database; callerId: CallerLookup }): void {
  const { db } = deps.database;
  const { callerId } = deps;

  async function claim(fields: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(idempotencyKeys)
      .values(fields)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  async function takeOverStale(key: string, claimedAt: Date): Promise<boolean> {
    const cutoff = new Date(claimedAt.getTime() - IDEMPOTENCY_PENDING_STALE_MS);
    const rows = await db
      .update(idempotencyKeys)
      .set({ createdAt: claimedAt })
      .where(
        and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending'), lt(idempotencyKeys.createdAt, cutoff)),
      )
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  // Only write routes can be idempotent: their hooks are theirs alone (./route-hooks.ts).
  addRouteHook(app, 'preValidation', isWriteRoute, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!METHODS.has(request.method)) return;
    const key = readKey(request);
    if (key === null) return;
    const userId = await callerId(request);
    const requestHash = hashRequest(request.body, userId === null ? 'anonymous' : 'rider');
    // A rider's retry of a write first sent before the rider had a session (its answer, and the
    // cookie with it, lost) carries the anonymous hash; it is theirs only if the row names them.
    const anonymousHash = userId === null ? requestHash : hashRequest(request.body, 'anonymous');

    const deadline = Date.now() + IDEMPOTENCY_WAIT_MAX_MS;
    for (;;) {
      const claimedAt = new Date();
      if (await claim({ key, userId, method: request.method, path: request.url, requestHash, createdAt: claimedAt })) {
        claims.set(request, { key, callerId, claimedAt, settled: false });
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
      // Gone between the insert and the select: the first attempt failed with a 5xx. Try to claim again.
      if (!row) continue;
      const sameCaller =
        userId === null
          ? row.requestHash === requestHash
          : row.userId === userId && (row.requestHash === requestHash || row.requestHash === anonymousHash);
      // An anonymous first request still running has no owner yet: wait and see whose it becomes.
      const undecided = row.state === 'pending' && row.userId === null && row.requestHash === anonymousHash;
      if ((!sameCaller && !undecided) || row.method !== request.method || row.path !== request.url) {
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
      // The same caller may take over a first attempt that died; anyone else waits for its answer.
      if (sameCaller && (await takeOverStale(key, claimedAt))) {
        claims.set(request, { key, callerId, claimedAt, settled: false });
        return;
      }
      if (Date.now() >= deadline) {
        reply.header('Retry-After', '1');
        throw httpError(
          409,
          'idempotency_in_progress',
          'The first request with this Idempotency-Key is still running; retry shortly',
        );
      }
      await sleep(IDEMPOTENCY_POLL_MS);
    }
  });

  /** Stores the answer of a request that claimed a key, unless commitWrite already did. */
  async function storeAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    owned: Claim,
  ): Promise<void> {
    owned.settled = true;
    const storable =
      payload === null || payload === undefined || typeof payload === 'string' || Buffer.isBuffer(payload);
    try {
      if (reply.statusCode >= 500 || !storable) {
        await db.delete(idempotencyKeys).where(claimedBy(owned));
        return;
      }
      const contentType = reply.getHeader('content-type');
      const owner = await callerId(request);
      await db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          statusCode: reply.statusCode,
          responseBody: payload === null || payload === undefined ? '' : payload.toString(),
          contentType: typeof contentType === 'string' ? contentType : null,
          userId: owner,
        })
        .where(claimedBy(owned));
    } catch (error) {
      // The answer still goes out; a retry finds the row pending and, once stale, runs again.
      request.log.error({ err: error }, 'storing the idempotent response failed');
    }
  }

  // An app-wide onSend hook, added before compression's (server/app.ts): hooks run in the order they
  // were added, so the answer is stored as the route wrote it, not as the compressed bytes sent to
  // this one caller (a replay is compressed again for whoever asks). Requests without a claimed key
  // pass through at the cost of one lookup.
  app.addHook('onSend', (request, reply, payload, done) => {
    const owned = claims.get(request);
    if (!owned || owned.settled) return done(null, payload);
    storeAnswer(request, reply, payload, owned).then(
      () => done(null, payload),
      () => done(null, payload),
    );
  });

  // A route that never reached onSend (socket closed mid-request) must not leave its key pending.
  addRouteHook(app, 'onResponse', isWriteRoute, async (request: FastifyRequest) => {
    const owned = claims.get(request);
    if (!owned || owned.settled) return;
    owned.settled = true;
    await db
      .delete(idempotencyKeys)
      .where(claimedBy(owned))
      .catch((error: unknown) => request.log.error({ err: error }, 'releasing an idempotency key failed'));
  });
}
