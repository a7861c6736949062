/**
 * Back-office sign-in throttling (DESIGN.md "Roles are enforced by the server"): guessing is slowed
 * without letting anyone lock an account. Failures within LOGIN_FAILURE_WINDOW_MS count three ways:
 * - one account from one address: after LOGIN_FAILURES_ALLOWED, that pair waits out the window;
 * - one address, any accounts: after LOGIN_ADDRESS_FAILURES_ALLOWED, the address waits it out;
 * - one account from anywhere: after LOGIN_FAILURES_ALLOWED, each attempt waits LOGIN_SLOWDOWN_BASE_MS
 *   after the last failure, doubling per further failure up to LOGIN_SLOWDOWN_MAX_MS. A slow-down,
 *   not a lock: and a known browser (one that signed in to the account before) is not slowed at all,
 *   so failures from elsewhere never keep the account's owner out.
 */
import {
  LOGIN_ADDRESS_FAILURES_ALLOWED,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_ALLOWED,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
} from './constants';

/** Failure instants (epoch ms, oldest first) inside the window, grouped as the rules count them. */
export interface LoginFailures {
  /** This account from this address. */
  pair: readonly number[];
  /** This address, any account. */
  address: readonly number[];
  /** This account, any address. */
  account: readonly number[];
}

export type LoginThrottle = 'pair' | 'address' | 'account';

/** How long the attempt must wait (ms, 0 = go ahead) and which rule holds it. */
export function loginWait(
  failures: LoginFailures,
  knownClient: boolean,
  now: number,
): { waitMs: number; rule: LoginThrottle | null } {
  const waits: Array<[LoginThrottle, number]> = [
    ['pair', windowWait(failures.pair, LOGIN_FAILURES_ALLOWED, now)],
    ['address', windowWait(failures.address, LOGIN_ADDRESS_FAILURES_ALLOWED, now)],
    ['account', knownClient ? 0 : slowdownWait(failures.account, now)],
  ];
  let best: { waitMs: number; rule: LoginThrottle | null } = { waitMs: 0, rule: null };
  for (const [rule, waitMs] of waits) if (waitMs > best.waitMs) best = { waitMs, rule };
  return best;
}

/** The account's delay after its `count`-th failure: none up to LOGIN_FAILURES_ALLOWED, then doubling. */
export function slowdownDelayMs(count: number): number {
  if (count < LOGIN_FAILURES_ALLOWED) return 0;
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_BASE_MS * 2 ** Math.min(30, count - LOGIN_FAILURES_ALLOWED));
}

/** Allowed again once all but `allowed - 1` of the failures have aged out of the window. */
function windowWait(times: readonly number[], allowed: number, now: number): number {
  if (times.length < allowed) return 0;
  const blocking = times[times.length - allowed]!;
  return Math.max(0, blocking + LOGIN_FAILURE_WINDOW_MS - now);
}

function slowdownWait(times: readonly number[], now: number): number {
  const last = times[times.length - 1];
  if (last === undefined) return 0;
  return Math.max(0, last + slowdownDelayMs(times.length) - now);
}

/** Which rules the failure just recorded (now in `failures`) has started, for the audit log: each once. */
export function throttlesStarted(failures: LoginFailures): LoginThrottle[] {
  const started: LoginThrottle[] = [];
  if (failures.pair.length === LOGIN_FAILURES_ALLOWED) started.push('pair');
  if (failures.address.length === LOGIN_ADDRESS_FAILURES_ALLOWED) started.push('address');
  if (failures.account.length === LOGIN_FAILURES_ALLOWED) started.push('account');
  return started;
}

/** "Try again in 45 seconds." / "Try again in 15 minutes." */
export function retryText(seconds: number): string {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
