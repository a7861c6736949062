/**
 * Requests to a test app as a rider, a staff member or an admin, over Fastify `inject`. Each actor
 * is a real account with a real session, made the way the app makes them (a rider through
 * POST /api/session; staff and admins as `npm run accounts -- create` does, then signed in through
 * POST /api/admin/login); a guest has no account until a write opens one. The actor keeps its cookies as a browser would: every request sends them,
 * and a cookie an answer sets or clears (sign-out) changes what the next request sends.
 *
 *   const t = useTestApp({ reset: ['users', 'sessions'] });
 *   const rider = await asRider(t, { membershipType: 'premium' });
 *   const res = await rider.post('/api/complaints', { category: 'delay', description: '…' }, { idempotencyKey: 'k-1' });
 *   const admin = await asAdmin(t);
 *   await admin.get('/api/admin/dashboard');
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';

import { createAccount } from '../../../server/auth/back-office-accounts';
import { users } from '../../../server/db/schema';
import type { TestApp } from './app';

export type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

interface SetCookie {
  name: string;
  value: string;
  maxAge?: number;
  expires?: Date;
}

export interface SendOptions {
  /** Sent as the `Idempotency-Key` header. */
  idempotencyKey?: string;
  /** More headers (they win over the actor's own). */
  headers?: Record<string, string>;
}

export interface Actor<Id extends number | null = number> {
  /** A rider's user id; a staff member's or admin's back-office account id; null for a guest. */
  readonly id: Id;
  /** The `Cookie` header the actor sends now (`name=value` pairs). */
  readonly cookie: string;
  /** Any request, with the actor's cookies; the answer's cookies are kept. */
  inject(options: InjectOptions): Promise<Reply>;
  get(url: string, options?: SendOptions): Promise<Reply>;
  /** `body` is sent as JSON. */
  post(url: string, body?: unknown, options?: SendOptions): Promise<Reply>;
  put(url: string, body?: unknown, options?: SendOptions): Promise<Reply>;
  patch(url: string, body?: unknown, options?: SendOptions): Promise<Reply>;
  delete(url: string, options?: SendOptions): Promise<Reply>;
  /**
   * The same browser, with the cookies it holds now, reaching another server on the same database
   * (a restart, or a second instance behind a load balancer).
   */
  on(app: FastifyInstance): Actor<Id>;
}

export interface BackOfficeActor extends Actor {
  readonly username: string;
  readonly password: string;
}

type Columns = Partial<Omit<typeof users.$inferInsert, 'id'>>;

/** The `name=value` pair of the session cookie set by a response, for the next request's Cookie header. */
export function sessionCookieFrom(response: { cookies: SetCookie[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'dh_session');
  if (!cookie) throw new Error('The response set no dh_session cookie');
  return `dh_session=${cookie.value}`;
}

/** A new rider: POST /api/session, which opens an account and a session (reads never do). */
async function newRider(app: FastifyInstance): Promise<{ cookie: string; id: number }> {
  const res = await app.inject({ method: 'POST', url: '/api/session' });
  if (res.statusCode !== 201) throw new Error(`POST /api/session answered ${res.statusCode}`);
  return { cookie: sessionCookieFrom(res), id: (res.json() as { id: number }).id };
}

let backOfficeAccountCount = 0;

/** Signs an existing back-office account in through POST /api/admin/login; answers its cookie pair. */
async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`POST /api/admin/login answered ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'dh_backoffice');
  if (!cookie) throw new Error('The sign-in set no dh_backoffice cookie');
  return `dh_backoffice=${cookie.value}`;
}

async function backOfficeAccount(t: Pick<TestApp, 'app' | 'database'>, role: 'admin' | 'staff') {
  backOfficeAccountCount += 1;
  const username = `${role}-${process.pid}-${backOfficeAccountCount}`;
  const password = `${role}-password-long-enough`;
  const account = await createAccount(t.database, { username, password, role });
  return { id: account.id, username, password, cookie: await signIn(t.app, username, password) };
}

/**
 * A new back-office account of `role` (created directly, as `npm run accounts -- create` would) signed
 * in through POST /api/admin/login; answers the `dh_backoffice=…` cookie pair.
 */
export async function signInBackOffice(t: Pick<TestApp, 'app' | 'database'>, role: 'admin' | 'staff'): Promise<string> {
  return (await backOfficeAccount(t, role)).cookie;
}

/** Whether a Set-Cookie removes its cookie (sign-out answers an expired, empty one). */
function clears(cookie: SetCookie, now: number): boolean {
  return (
    cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= now)
  );
}

function actor<Id extends number | null = number>(app: FastifyInstance, id: Id, cookies: string): Actor<Id> {
  const jar = new Map<string, string>();
  for (const pair of cookies ? cookies.split('; ') : []) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const inject = async (options: InjectOptions): Promise<Reply> => {
    const cookie = header();
    const res = await app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
    for (const set of res.cookies as SetCookie[]) {
      if (clears(set, Date.now())) jar.delete(set.name);
      else jar.set(set.name, set.value);
    }
    return res;
  };
  const headers = (options: SendOptions = {}) => ({
    ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    ...options.headers,
  });
  const send = (method: 'POST' | 'PUT' | 'PATCH') => (url: string, body?: unknown, options?: SendOptions) =>
    inject({
      method,
      url,
      headers: headers(options),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    id,
    get cookie() {
      return header();
    },
    inject,
    get: (url, options) => inject({ method: 'GET', url, headers: headers(options) }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    delete: (url, options) => inject({ method: 'DELETE', url, headers: headers(options) }),
    on: (other) => actor(other, id, header()),
  };
}

/**
 * A new rider with a session; `columns` are set on their account (e.g. `{ membershipType: 'ninja',
 * phoneNumber: '604-555-0100' }`) as an admin or a purchase would have.
 */
export async function asRider(t: Pick<TestApp, 'app' | 'database'>, columns: Columns = {}): Promise<Actor> {
  const rider = await newRider(t.app);
  if (Object.keys(columns).length > 0) await t.database.db.update(users).set(columns).where(eq(users.id, rider.id));
  return actor(t.app, rider.id, rider.cookie);
}

/**
 * A visitor without an account or a cookie, as a phone is on its first visit: reads leave it a
 * guest, and the cookie an answer sets (a first write opens the account) is kept for what follows.
 */
export function asGuest(t: Pick<TestApp, 'app'>): Actor<null> {
  return actor(t.app, null, '');
}

/**
 * An existing back-office account (e.g. one an admin created through the API) signed in with its
 * username and password; `id` is its account id.
 */
export async function asBackOfficeAccount(
  t: Pick<TestApp, 'app'>,
  account: { id: number; username: string; password: string },
): Promise<BackOfficeActor> {
  const cookie = await signIn(t.app, account.username, account.password);
  return Object.assign(actor(t.app, account.id, cookie), { username: account.username, password: account.password });
}

/** A new staff account, signed in to the back office. */
export async function asStaff(t: Pick<TestApp, 'app' | 'database'>): Promise<BackOfficeActor> {
  const account = await backOfficeAccount(t, 'staff');
  return Object.assign(actor(t.app, account.id, account.cookie), {
    username: account.username,
    password: account.password,
  });
}

/** A new admin account, signed in to the back office. */
export async function asAdmin(t: Pick<TestApp, 'app' | 'database'>): Promise<BackOfficeActor> {
  const account = await backOfficeAccount(t, 'admin');
  return Object.assign(actor(t.app, account.id, account.cookie), {
    username: account.username,
    password: account.password,
  });
}
