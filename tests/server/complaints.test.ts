import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { complaintSchema } from '@/domain/complaint';

import { complaints } from '../../server/db/schema';
import { asGuest, asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'complaints', 'sessions', 'idempotency_keys'] });

/** A complaint posted as `as` (a rider or a guest); a string body is sent as it is, labelled JSON. */
const post = (body: unknown, as: Actor<number | null>) =>
  as.post('/api/complaints', body, typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {});

describe('POST /api/complaints', () => {
  it('stores the complaint and answers 201 with the Complaint shape', async () => {
    const rider = await asRider(t);
    const res = await post({ category: 'delay', description: 'Ferry is running behind schedule' }, rider);
    expect(res.statusCode).toBe(201);
    const body = z.strictObject(complaintSchema.shape).parse(res.json());
    expect(body).toMatchObject({
      category: 'delay',
      description: 'Ferry is running behind schedule',
      status: 'received',
    });
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
  });

  it('trims the description', async () => {
    const rider = await asRider(t);
    const res = await post({ category: 'other', description: '  Lane 3 gate is stuck  ' }, rider);
    expect(res.json()).toMatchObject({ description: 'Lane 3 gate is stuck' });
  });

  it('creates the rider account and session cookie when the first request is a complaint', async () => {
    const guest = asGuest(t);
    const res = await post({ category: 'staff', description: 'Service complaint regarding staff interaction' }, guest);
    expect(res.statusCode).toBe(201);
    expect(guest.cookie).toMatch(/^dh_session=./);
    const list = await guest.get('/api/complaints');
    expect(list.json()).toHaveLength(1);
  });

  it.each([
    ['missing category', { description: 'Queue is not moving' }, /category is required/],
    ['unknown category', { category: 'weather', description: 'Windy' }, /category/],
    ['blank description', { category: 'other', description: '   ' }, /Description is required/],
    ['missing description', { category: 'other' }, /description is required/],
    ['description that is not text', { category: 'other', description: 42 }, /description/],
    ['a body that is not an object', ['delay'], /expected object/],
  ])('answers 400 {error, message} for %s', async (_name, body, message) => {
    const rider = await asRider(t);
    const res = await post(body, rider);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const json = res.json();
    expect(json).toMatchObject({ error: 'invalid_request' });
    expect(json.message).toMatch(message);
    const stored = await t.database.db.select().from(complaints);
    expect(stored).toHaveLength(0);
  });

  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const res = await post('{"category": "delay", ', await asRider(t));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_json', message: 'Request body is not valid JSON' });
  });

  it('answers 415 for a content type the API does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      headers: { 'content-type': 'application/xml' },
      payload: '<complaint/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers 413 for a body over the size limit', async () => {
    const huge = JSON.stringify({ category: 'other', description: 'x'.repeat(13 * 1024 * 1024) });
    const res = await post(huge, await asRider(t));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('ignores a userId in the body: the session decides', async () => {
    const victim = await asRider(t);
    const attacker = await asRider(t);
    const victimProfile = (await victim.get('/api/users/profile')).json();
    const res = await post(
      { category: 'other', description: 'Posted as someone else?', userId: victimProfile.id },
      attacker,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).not.toHaveProperty('userId');

    const victimList = await victim.get('/api/complaints');
    expect(victimList.json()).toEqual([]);
    const stored = await t.database.db.select().from(complaints).where(eq(complaints.userId, victimProfile.id));
    expect(stored).toHaveLength(0);
  });
});

describe('GET /api/complaints', () => {
  it("returns only the caller's complaints, newest first", async () => {
    const me = await asRider(t);
    const other = await asRider(t);
    await post({ category: 'delay', description: 'first' }, me);
    await post({ category: 'other', description: 'not mine' }, other);
    await post({ category: 'cleanliness', description: 'second' }, me);
    await post({ category: 'staff', description: 'third' }, me);

    const res = await me.get('/api/complaints');
    expect(res.statusCode).toBe(200);
    const list = z.array(complaintSchema).parse(res.json());
    expect(list.map((c) => c.description)).toEqual(['third', 'second', 'first']);
  });

  it('gives a new visitor an empty list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/complaints' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
