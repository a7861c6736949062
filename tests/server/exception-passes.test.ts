import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, notifications } from '../../server/db/schema';
import { asRider, asStaff, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({
  reset: [
    'users',
    'sessions',
    'idempotency_keys',
    'exception_passes',
    'audit_log',
    'notifications',
    'back_office_accounts',
  ],
});

const HOUR = 60 * 60_000;

const member = (membershipType: 'premium' | 'free' | 'contributor' = 'premium') => asRider(t, { membershipType });

function request(rider: Actor, departure: Date, idempotencyKey?: string) {
  const body = {
    passType: 'medical',
    description: 'Dialysis appointment in Nanaimo',
    route: 'horseshoe-departure',
    departureTime: departure.toISOString(),
  };
  return rider.post('/api/exception-passes', body, { idempotencyKey });
}

const decide = (staff: Actor, id: number, body: unknown) =>
  staff.post(`/api/staff/exception-passes/${id}/decision`, body);
const verify = (staff: Actor, code: string) => staff.post('/api/staff/exception-passes/verify', { code });

/** Reads the code back out of the QR image the route answered (a real QR decode, not the token). */
async function codeOf(qrCode: string): Promise<string> {
  const { default: jsQR } = await import('jsqr');
  const { PNG } = await import('pngjs');
  const png = PNG.sync.read(Buffer.from(qrCode.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!decoded) throw new Error('The QR image did not decode');
  return decoded.data;
}

describe('rider exception passes', () => {
  it('a member files a pass: 201 {id, status pending, qrCode} and it is in their list', async () => {
    const rider = await member();
    const res = await request(rider, new Date(Date.now() + HOUR));
    expect(res.statusCode).toBe(201);
    const pass = res.json();
    expect(pass).toMatchObject({
      id: expect.any(Number),
      status: 'pending',
      route: 'horseshoe-departure',
      passType: 'medical',
    });
    expect(pass.qrCode).toMatch(/^data:image\/png;base64,/);
    const list = await rider.get('/api/exception-passes');
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([pass.id]);
    const other = await member();
    const theirs = await other.get('/api/exception-passes');
    expect(theirs.json()).toEqual([]);
  });

  it.each([
    ['horseshoe-langdale', 'Horseshoe Bay → Langdale'],
    ['duke-tsawwassen', 'Duke Point → Tsawwassen'],
    ['horseshoe-snug', 'Horseshoe Bay → Bowen Island (Snug Cove)'],
  ])('takes a pass for %s (%s), not only the four main routes', async (route) => {
    const rider = await member();
    const res = await rider.post('/api/exception-passes', {
      passType: 'caregiving',
      description: 'Mother in care on the far side',
      route,
      departureTime: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ route, status: 'pending' });
  });

  it('is exactly once per Idempotency-Key', async () => {
    const rider = await member('contributor');
    const departure = new Date(Date.now() + HOUR);
    const first = await request(rider, departure, 'pass-key-0001');
    const again = await request(rider, departure, 'pass-key-0001');
    expect(again.json().id).toBe(first.json().id);
    const list = await rider.get('/api/exception-passes');
    expect(list.json()).toHaveLength(1);
  });

  it('refuses free riders with 403 membership_required', async () => {
    const rider = await member('free');
    const res = await request(rider, new Date(Date.now() + HOUR));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'membership_required' });
  });

  it.each([
    ['missing route', { passType: 'medical', description: 'x', departureTime: new Date().toISOString() }],
    [
      'unknown pass type',
      { passType: 'holiday', description: 'x', route: 'tsawwassen-swartz', departureTime: new Date().toISOString() },
    ],
    [
      'blank description',
      { passType: 'medical', description: '  ', route: 'tsawwassen-swartz', departureTime: new Date().toISOString() },
    ],
    [
      'a departure time that is not a date',
      { passType: 'medical', description: 'x', route: 'tsawwassen-swartz', departureTime: 'soon' },
    ],
  ])('answers 400 for %s', async (_name, body) => {
    const rider = await member();
    const res = await rider.post('/api/exception-passes', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('staff review and verification', () => {
  it('staff see the pending queue, approve a pass; the rider is notified and the audit log names the reviewer', async () => {
    const rider = await member();
    const { id } = (await request(rider, new Date(Date.now() + HOUR))).json();
    const staff = await asStaff(t);
    const queue = await staff.get('/api/staff/exception-passes');
    expect(queue.json().items.map((p: { id: number }) => p.id)).toEqual([id]);
    const res = await decide(staff, id, { decision: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved' });
    const mine = await rider.get('/api/exception-passes');
    expect(mine.json()[0]).toMatchObject({ status: 'approved' });
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => n.title)).toEqual(['Exception pass approved']);
    const [entry] = await t.database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'exception_pass.approve', target: `exception pass ${id}` });
    expect(entry?.actorName).toMatch(/^staff-/);
    const twice = await decide(staff, id, { decision: 'reject', reason: 'late' });
    expect(twice.statusCode).toBe(409);
  });

  it('a rejection needs a reason, and the rider sees it', async () => {
    const rider = await member();
    const { id } = (await request(rider, new Date(Date.now() + HOUR))).json();
    const staff = await asStaff(t);
    expect((await decide(staff, id, { decision: 'reject' })).statusCode).toBe(400);
    const res = await decide(staff, id, { decision: 'reject', reason: 'No supporting document' });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'No supporting document' });
  });

  it('verifies the QR: valid once approved, rejected while pending or when tampered', async () => {
    const rider = await member();
    const pass = (await request(rider, new Date(Date.now() + HOUR))).json();
    const code = await codeOf(pass.qrCode);
    const staff = await asStaff(t);
    expect((await verify(staff, code)).json()).toMatchObject({
      outcome: 'rejected',
      message: 'This pass has not been approved yet.',
    });
    await decide(staff, pass.id, { decision: 'approve' });
    const ok = (await verify(staff, code)).json();
    expect(ok).toMatchObject({
      outcome: 'valid',
      pass: { id: pass.id, route: 'horseshoe-departure', status: 'approved' },
    });
    const [prefix, payload, signature] = code.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, p: claims.p + 1 })).toString('base64url');
    const tampered = (await verify(staff, `${prefix}.${forged}.${signature}`)).json();
    expect(tampered).toMatchObject({ outcome: 'rejected' });
    expect(tampered.pass).toBeUndefined();
    expect((await verify(staff, 'hello')).json()).toMatchObject({ outcome: 'rejected' });
  });

  it('staff revoke an approved pass: the booth reads "revoked", the rider is told, the audit log names who', async () => {
    const rider = await member();
    const pass = (await request(rider, new Date(Date.now() + HOUR))).json();
    const code = await codeOf(pass.qrCode);
    const staff = await asStaff(t);
    const revoke = (body: unknown, id = pass.id) => staff.post(`/api/staff/exception-passes/${id}/revoke`, body);
    // Only an approved pass can be revoked, and only with a reason.
    expect((await revoke({ reason: 'Approved by mistake' })).statusCode).toBe(409);
    await decide(staff, pass.id, { decision: 'approve' });
    expect((await verify(staff, code)).json()).toMatchObject({ outcome: 'valid' });
    expect((await revoke({})).statusCode).toBe(400);
    expect((await revoke({ reason: '  ' })).statusCode).toBe(400);
    expect((await revoke({ reason: 'x' }, 999_999)).statusCode).toBe(404);
    const res = await revoke({ reason: 'Approved by mistake' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pass.id, status: 'revoked', reason: 'Approved by mistake' });
    expect((await verify(staff, code)).json()).toMatchObject({
      outcome: 'revoked',
      message: 'This pass was revoked: Approved by mistake',
    });
    expect((await revoke({ reason: 'again' })).statusCode).toBe(409);
    const mine = await rider.get('/api/exception-passes');
    expect(mine.json()[0]).toMatchObject({ status: 'revoked' });
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => n.title)).toContain('Exception pass revoked');
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'exception_pass.revoke'));
    expect(entries).toMatchObject([{ target: `exception pass ${pass.id}`, detail: 'Approved by mistake' }]);
    const riderTry = await rider.post(`/api/staff/exception-passes/${pass.id}/revoke`, { reason: 'x' });
    expect(riderTry.statusCode).toBe(401);
  });

  it('an approved pass outside its window is expired or not yet valid', async () => {
    const rider = await member();
    const staff = await asStaff(t);
    const past = (await request(rider, new Date(Date.now() - 24 * HOUR))).json();
    const future = (await request(rider, new Date(Date.now() + 24 * HOUR))).json();
    await decide(staff, past.id, { decision: 'approve' });
    await decide(staff, future.id, { decision: 'approve' });
    expect((await verify(staff, await codeOf(past.qrCode))).json()).toMatchObject({ outcome: 'expired' });
    expect((await verify(staff, await codeOf(future.qrCode))).json()).toMatchObject({ outcome: 'not_yet_valid' });
  });
});
