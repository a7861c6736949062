import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  newAccountSchema,
  passwordResetInputSchema,
  riderSearchSchema,
  riderTierInputSchema,
  signedInSchema,
  signInInputSchema,
  systemStatusSchema,
} from '@/domain/back-office';
import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from '@/domain/constants';

const firstMessage = (schema: z.core.$ZodType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;

describe('back-office sign-in (membership §2 Admin login, §5 "username and password required", §7 POST /api/admin/login)', () => {
  it('takes a username, a password and an optional access level of staff or admin', () => {
    expect(z.parse(signInInputSchema, { username: 'admin', password: 'x' })).toEqual({
      username: 'admin',
      password: 'x',
    });
    expect(z.parse(signInInputSchema, { username: 'sam', password: 'x', role: 'staff' }).role).toBe('staff');
    expect(z.safeParse(signInInputSchema, { username: 'sam', password: 'x', role: 'rider' }).success).toBe(false);
  });

  it('trims the username and refuses a blank one or an empty password, saying which', () => {
    expect(z.parse(signInInputSchema, { username: '  admin ', password: 'x' }).username).toBe('admin');
    expect(firstMessage(signInInputSchema, { username: '   ', password: 'x' })).toBe('Enter a username');
    expect(firstMessage(signInInputSchema, { username: 'admin', password: '' })).toBe('Enter a password');
  });

  it('refuses a username past 100 characters and a password past 1000', () => {
    expect(z.safeParse(signInInputSchema, { username: 'a'.repeat(100), password: 'x' }).success).toBe(true);
    expect(z.safeParse(signInInputSchema, { username: 'a'.repeat(101), password: 'x' }).success).toBe(false);
    expect(z.safeParse(signInInputSchema, { username: 'a', password: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('answers who signed in as {admin: {username, role}}', () => {
    expect(z.parse(signedInSchema, { admin: { username: 'admin', role: 'admin' } })).toEqual({
      admin: { username: 'admin', role: 'admin' },
    });
    expect(z.safeParse(signedInSchema, { username: 'admin', role: 'admin' }).success).toBe(false);
  });
});

describe('back-office accounts and riders (docs/back-office.md "User Management")', () => {
  it('names a new account with 3-50 letters, digits, ".", "_" or "-"', () => {
    const account = (username: string) => ({ username, password: 'correct horse battery', role: 'staff' });
    expect(z.parse(newAccountSchema, account(' sam.k_1-a ')).username).toBe('sam.k_1-a');
    expect(z.safeParse(newAccountSchema, account('ab')).success).toBe(false);
    expect(z.safeParse(newAccountSchema, account('a'.repeat(50))).success).toBe(true);
    expect(z.safeParse(newAccountSchema, account('a'.repeat(51))).success).toBe(false);
    expect(firstMessage(newAccountSchema, account('sam k'))).toBe('Use letters, digits, ".", "_" or "-"');
  });

  it(`resets a password only to one of at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters`, () => {
    expect(BACK_OFFICE_PASSWORD_MIN_LENGTH).toBe(12);
    expect(z.safeParse(passwordResetInputSchema, { password: 'x'.repeat(12) }).success).toBe(true);
    expect(firstMessage(passwordResetInputSchema, { password: 'x'.repeat(11) })).toBe('Use at least 12 characters');
    expect(z.safeParse(passwordResetInputSchema, { password: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('searches riders by trimmed text up to 100 characters, everyone when empty', () => {
    expect(z.parse(riderSearchSchema, {})).toEqual({ q: '' });
    expect(z.parse(riderSearchSchema, { q: '  rider-7 ' })).toEqual({ q: 'rider-7' });
    expect(z.safeParse(riderSearchSchema, { q: 'x'.repeat(101) }).success).toBe(false);
  });

  it("sets a rider's tier only to one of the membership types", () => {
    for (const membershipType of ['free', 'premium', 'ninja', 'contributor', 'premium_plus']) {
      expect(z.safeParse(riderTierInputSchema, { membershipType }).success).toBe(true);
    }
    expect(z.safeParse(riderTierInputSchema, { membershipType: 'gold' }).success).toBe(false);
  });
});

describe('system health (membership §7 GET /api/admin/system-status)', () => {
  const status = {
    database: { kind: 'pglite', queryMs: 1.2 },
    websocketClients: 3,
    feed: { lastChangeAgoSeconds: null },
    push: { subscriptions: 2, sent: null, failed: null, gone: null, since: null },
    outboundMessages: [{ channel: 'email', status: 'sent', n: 4 }],
    schedulers: [{ name: 'alerts', intervalMs: 15_000, lastTickAt: null, lagMs: 0 }],
    realtimeBridge: { mode: null, state: 'disabled', restarts: 0 },
    memory: { rssMb: 120, heapUsedMb: 60 },
    uptimeSeconds: 30,
    tables: { idempotencyKeys: 0, idempotencyKeysPending: 0, outboundMessages: 4 },
    checkedAt: '2026-07-10T23:00:00.000Z',
  };

  it('accepts a process that runs no push loops and no bridge, with nulls rather than zeros', () => {
    expect(z.safeParse(systemStatusSchema, status).success).toBe(true);
  });

  it('refuses a channel other than e-mail or SMS and a bridge state it does not know', () => {
    const outbound = [{ channel: 'fax', status: 'sent', n: 1 }];
    expect(z.safeParse(systemStatusSchema, { ...status, outboundMessages: outbound }).success).toBe(false);
    const bridge = { mode: 'hosted', state: 'sleeping', restarts: 0 };
    expect(z.safeParse(systemStatusSchema, { ...status, realtimeBridge: bridge }).success).toBe(false);
  });
});
