import { describe, expect, it } from 'vitest';

import { asAdmin, asBackOfficeAccount, asGuest, asRider, asStaff } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['users', 'sessions', 'idempotency_keys', 'complaints', 'back_office_accounts'] });

describe('actors (test kit)', () => {
  it('a rider is a signed-in account of the tier asked for, and each rider is someone else', async () => {
    const rider = await asRider(t, { membershipType: 'premium' });
    const other = await asRider(t);
    expect((await rider.get('/api/users/profile')).json()).toMatchObject({ id: rider.id, membershipType: 'premium' });
    expect((await other.get('/api/users/profile')).json()).toMatchObject({ id: other.id, membershipType: 'free' });
    expect(other.id).not.toBe(rider.id);
  });

  it('sends JSON bodies and idempotency keys: the same key is the same write', async () => {
    const rider = await asRider(t);
    const body = { category: 'delay', description: 'Sailing left 20 minutes late' };
    const first = await rider.post('/api/complaints', body, { idempotencyKey: 'actor-key-0001' });
    const again = await rider.post('/api/complaints', body, { idempotencyKey: 'actor-key-0001' });
    expect(first.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
  });

  it('keeps the cookies answers set and clear: after signing out the rider is a guest', async () => {
    const rider = await asRider(t);
    expect(rider.cookie).toMatch(/^dh_session=./);
    expect((await rider.post('/api/session/logout')).statusCode).toBe(204);
    expect(rider.cookie).toBe('');
    expect((await rider.get('/api/users/profile')).json()).toMatchObject({ id: null, username: 'Guest' });
  });

  it('a guest sends no cookie until an answer sets one, then is the rider that write made', async () => {
    const guest = asGuest(t);
    expect(guest.cookie).toBe('');
    expect((await guest.get('/api/users/profile')).json()).toMatchObject({ id: null });
    expect(guest.cookie).toBe('');
    const filed = await guest.post('/api/complaints', { category: 'delay', description: 'Late again' });
    expect(filed.statusCode).toBe(201);
    expect(guest.cookie).toMatch(/^dh_session=./);
    expect((await guest.get('/api/users/profile')).json().id).toEqual(expect.any(Number));
  });

  it('the same rider reaches another server with the cookies held then (a copy: each keeps its own after)', async () => {
    const rider = await asRider(t);
    const elsewhere = rider.on(t.app);
    expect(elsewhere.id).toBe(rider.id);
    expect((await elsewhere.get('/api/users/profile')).json()).toMatchObject({ id: rider.id });
    await elsewhere.post('/api/session/logout');
    expect(elsewhere.cookie).toBe('');
    expect(rider.cookie).toMatch(/^dh_session=./);
  });

  it('staff and admins are signed in to the back office with their role', async () => {
    const staff = await asStaff(t);
    const admin = await asAdmin(t);
    expect((await staff.get('/api/admin/session')).json()).toMatchObject({
      admin: { username: staff.username, role: 'staff' },
    });
    expect((await admin.get('/api/admin/session')).json()).toMatchObject({
      admin: { username: admin.username, role: 'admin' },
    });
    expect((await staff.get('/api/admin/metrics')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/metrics')).statusCode).toBe(200);
  });

  it('signs in a back-office account an admin made through the API, with its password', async () => {
    const admin = await asAdmin(t);
    const made = await admin.post('/api/admin/accounts', {
      username: 'deckhand-kit',
      password: 'a-long-staff-password',
      role: 'staff',
    });
    const staff = await asBackOfficeAccount(t, {
      id: made.json().id,
      username: 'deckhand-kit',
      password: 'a-long-staff-password',
    });
    expect(staff.cookie).toMatch(/^dh_backoffice=./);
    expect((await staff.get('/api/admin/session')).json()).toMatchObject({
      admin: { username: 'deckhand-kit', role: 'staff' },
    });
    await expect(
      asBackOfficeAccount(t, { id: made.json().id, username: 'deckhand-kit', password: 'not-the-password' }),
    ).rejects.toThrow(/answered 401/);
  });
});
