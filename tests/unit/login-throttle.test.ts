import { describe, expect, it } from 'vitest';

import { LOGIN_FAILURE_WINDOW_MS, LOGIN_SLOWDOWN_MAX_MS } from '@/domain/constants';
import { loginWait, retryText, slowdownDelayMs, throttlesStarted } from '@/domain/login-throttle';

const NOW = 1_000_000_000;
const times = (n: number, every = 1_000) => Array.from({ length: n }, (_, i) => NOW - (n - i) * every);

describe('loginWait', () => {
  it('lets the first five failures of an account through at once', () => {
    expect(loginWait({ pair: times(4), address: times(4), account: times(4) }, false, NOW)).toEqual({
      waitMs: 0,
      rule: null,
    });
  });

  it('holds an account and address pair for the rest of the window after five failures', () => {
    const pair = times(5);
    expect(loginWait({ pair, address: pair, account: pair }, false, NOW)).toEqual({
      waitMs: pair[0]! + LOGIN_FAILURE_WINDOW_MS - NOW,
      rule: 'pair',
    });
  });

  it('slows an account failed from many addresses, doubling to a cap, and never slows a known browser', () => {
    expect(slowdownDelayMs(5)).toBe(1_000);
    expect(slowdownDelayMs(6)).toBe(2_000);
    expect(slowdownDelayMs(40)).toBe(LOGIN_SLOWDOWN_MAX_MS);
    const account = [NOW - 500, ...Array.from({ length: 29 }, () => NOW - 100)].sort((a, b) => a - b);
    expect(loginWait({ pair: [], address: [], account }, false, NOW)).toEqual({
      waitMs: LOGIN_SLOWDOWN_MAX_MS - 100,
      rule: 'account',
    });
    expect(loginWait({ pair: [], address: [], account }, true, NOW)).toEqual({ waitMs: 0, rule: null });
  });

  it('names each throttle once, on the failure that starts it', () => {
    expect(throttlesStarted({ pair: times(5), address: times(5), account: times(5) })).toEqual(['pair', 'account']);
    expect(throttlesStarted({ pair: times(6), address: times(20), account: times(6) })).toEqual(['address']);
  });

  it('words the wait', () => {
    expect(retryText(1)).toBe('Try again in 1 second.');
    expect(retryText(45)).toBe('Try again in 45 seconds.');
    expect(retryText(61)).toBe('Try again in 2 minutes.');
  });
});
