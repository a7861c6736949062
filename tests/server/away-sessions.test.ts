import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { awaySessionSchema } from '@/domain/away';

import { awaySessions } from '../../server/db/schema';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'sessions', 'away_sessions', 'idempotency_keys'] });

const MINUTE = 60_000;
const strictSession = z.strictObject(awaySessionSchema.shape);

function sessionBody(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    ferryId: 'queen-of-oak-bay',
    queuePosition: 26,
    estimatedBoardingTime: new Date(Date.now() + 30 * MINUTE).toISOString(),
    currentLocation: 'Coffee Kiosk',
    ...overrides,
  };
}

/** Starts an away session as `rider` (without one: with no session). */
function start(body: unknown, rider?: Actor, headers: Record<string, string> = {}) {
  const request = {
    method: 'POST' as const,
    url: '/api/away-sessions',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  };
  return rider ? rider.inject(request) : t.app.inject(request);
}

function active(rider: Actor) {
  return rider.get('/api/away-sessions/active');
}

function exit(id: string, rider: Actor, headers: Record<string, string> = {}) {
  return rider.delete(`/api/away-sessions/${id}`, { headers });
}

describe('POST /api/away-sessions', () => {
  it('starts a session: 201 AwaySession with the alert at boarding minus the default 5 minutes', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    const res = await start(body, rider);
    expect(res.statusCode).toBe(201);
    const session = strictSession.parse(res.json());
    expect(session).toMatchObject({
      id: body.id,
      ferryId: 'queen-of-oak-bay',
      queuePosition: 26,
      alertThresholdMinutes: 5,
      currentLocation: 'Coffee Kiosk',
      status: 'active',
    });
    expect(Date.parse(session.estimatedBoardingTime)).toBe(Date.parse(body.estimatedBoardingTime));
    expect(Date.parse(session.alertAt)).toBe(Date.parse(body.estimatedBoardingTime) - 5 * MINUTE);

    const now = await active(rider);
    expect(now.statusCode).toBe(200);
    expect(now.headers['cache-control']).toBe('no-store');
    expect(now.json()).toEqual(session);
  });

  it('uses the given threshold and makes an id when the client sends none', async () => {
    const rider = await asRider(t);
    const { id: _omitted, ...body } = sessionBody({ alertThresholdMinutes: 12 });
    const res = await start(body, rider);
    expect(res.statusCode).toBe(201);
    const session = strictSession.parse(res.json());
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(session.alertAt)).toBe(Date.parse(body.estimatedBoardingTime) - 12 * MINUTE);
  });

  it('answers the stored session, unchanged, when the same rider sends the same id again', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    const first = (await start(body, rider)).json();
    const again = await start({ ...body, currentLocation: 'Washrooms', queuePosition: 3 }, rider);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await t.database.db.select().from(awaySessions)).toHaveLength(1);
  });

  it('does not revive an ended session when its start is retried', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    await start(body, rider);
    await exit(body.id, rider);
    const retried = await start(body, rider);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: body.id, status: 'ended' });
    expect((await active(rider)).json()).toBeNull();
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    const headers = { 'idempotency-key': `away-${body.id}` };
    const first = await start(body, rider, headers);
    const second = await start(body, rider, headers);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it("answers 409 for another rider's session id and leaves that session alone", async () => {
    const owner = await asRider(t);
    const other = await asRider(t);
    const body = sessionBody();
    await start(body, owner);
    const res = await start({ ...body, currentLocation: 'Washrooms' }, other);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', message: expect.any(String) });
    expect((await active(owner)).json()).toMatchObject({
      id: body.id,
      currentLocation: 'Coffee Kiosk',
      status: 'active',
    });
    expect((await active(other)).json()).toBeNull();
  });

  it('ends the older active session when a newer one starts: one active session per rider', async () => {
    const rider = await asRider(t);
    const older = sessionBody({ currentLocation: 'Coffee Kiosk' });
    const newer = sessionBody({ currentLocation: 'Food Counter' });
    await start(older, rider);
    const res = await start(newer, rider);
    expect(res.statusCode).toBe(201);
    expect((await active(rider)).json()).toMatchObject({ id: newer.id, currentLocation: 'Food Counter' });
    const [oldRow] = await t.database.db.select().from(awaySessions).where(eq(awaySessions.id, older.id));
    expect(oldRow?.status).toBe('ended');
    expect(oldRow?.endedAt).toBeInstanceOf(Date);
  });

  it('keeps exactly one active session when two starts race', async () => {
    const rider = await asRider(t);
    const results = await Promise.all([
      start(sessionBody(), rider),
      start(sessionBody(), rider),
      start(sessionBody(), rider),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await t.database.db.select().from(awaySessions).where(eq(awaySessions.status, 'active'));
    expect(rows).toHaveLength(1);
  });

  it('ignores a userId in the body: the session decides', async () => {
    const victim = await asRider(t);
    const victimId = (await victim.get('/api/users/profile')).json().id;
    const attacker = await asRider(t);
    const res = await start({ ...sessionBody(), userId: victimId }, attacker);
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('userId');
    expect((await active(victim)).json()).toBeNull();
  });

  it.each([
    [
      'a boarding time more than 24 h ahead',
      { estimatedBoardingTime: new Date(Date.now() + 25 * 60 * MINUTE).toISOString() },
      /within 24 hours/,
    ],
    [
      'a boarding time more than 6 h ago',
      { estimatedBoardingTime: new Date(Date.now() - 7 * 60 * MINUTE).toISOString() },
      /6 hours ago/,
    ],
    ['a boarding time that is not a timestamp', { estimatedBoardingTime: 'in half an hour' }, /estimatedBoardingTime/],
    ['an unknown ferry', { ferryId: 'flying-dutchman' }, /ferryId: no ferry has the id "flying-dutchman"/],
    ['a missing ferry', { ferryId: undefined }, /ferryId is required/],
    ['a queue position of 0', { queuePosition: 0 }, /queuePosition/],
    ['a negative threshold', { alertThresholdMinutes: -1 }, /alertThresholdMinutes/],
    ['a threshold over 120 minutes', { alertThresholdMinutes: 121 }, /alertThresholdMinutes/],
    ['an id that is not a UUID', { id: 'session-1' }, /id/],
    ['a blank location', { currentLocation: '   ' }, /currentLocation/],
  ])('answers 400 {error, message} for %s', async (_name, overrides, message) => {
    const rider = await asRider(t);
    const res = await start(sessionBody(overrides), rider);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect(res.json().message).toMatch(message);
    expect(await t.database.db.select().from(awaySessions)).toHaveLength(0);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await start(['coffee'], await asRider(t));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('GET /api/away-sessions/active', () => {
  it('answers null for a rider without an active session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/away-sessions/active' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('null');
  });

  it("never answers another rider's session", async () => {
    const owner = await asRider(t);
    await start(sessionBody(), owner);
    expect((await active(await asRider(t))).json()).toBeNull();
  });
});

describe('DELETE /api/away-sessions/:id', () => {
  it('ends the session and answers it; a repeat answers the same', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    await start(body, rider);
    const res = await exit(body.id, rider);
    expect(res.statusCode).toBe(200);
    const ended = strictSession.parse(res.json());
    expect(ended).toMatchObject({ id: body.id, status: 'ended' });
    expect((await active(rider)).json()).toBeNull();

    const again = await exit(body.id, rider);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(ended);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const rider = await asRider(t);
    const body = sessionBody();
    await start(body, rider);
    const headers = { 'idempotency-key': `exit-${body.id}` };
    const first = await exit(body.id, rider, headers);
    const second = await exit(body.id, rider, headers);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it("answers 404 for another rider's session and for an unknown id, and changes nothing", async () => {
    const owner = await asRider(t);
    const body = sessionBody();
    await start(body, owner);
    const intruder = await asRider(t);
    for (const id of [body.id, randomUUID()]) {
      const res = await exit(id, intruder);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No away session with this id' });
    }
    expect((await active(owner)).json()).toMatchObject({ id: body.id, status: 'active' });
  });
});
