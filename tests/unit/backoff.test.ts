import { describe, expect, it } from 'vitest';

import { outboxBackoffMs, wsReconnectDelayMs } from '@/domain/backoff';
import {
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_MAX_MS,
  WS_BACKOFF_BASE_MS,
  WS_BACKOFF_MAX_MS,
} from '@/domain/constants';

describe('outboxBackoffMs', () => {
  it('starts at the base delay and doubles per failure', () => {
    expect(outboxBackoffMs(0)).toBe(OUTBOX_BACKOFF_BASE_MS);
    expect(outboxBackoffMs(1)).toBe(OUTBOX_BACKOFF_BASE_MS * 2);
    expect(outboxBackoffMs(3)).toBe(OUTBOX_BACKOFF_BASE_MS * 8);
  });

  it('never exceeds the maximum, however many failures', () => {
    expect(outboxBackoffMs(30)).toBe(OUTBOX_BACKOFF_MAX_MS);
    expect(outboxBackoffMs(1_000)).toBe(OUTBOX_BACKOFF_MAX_MS);
  });

  it('treats a negative count as the first failure', () => {
    expect(outboxBackoffMs(-2)).toBe(OUTBOX_BACKOFF_BASE_MS);
  });
});

describe('wsReconnectDelayMs', () => {
  it('stays between half and all of the doubled delay', () => {
    for (const attempt of [0, 1, 2, 3]) {
      const ceiling = WS_BACKOFF_BASE_MS * 2 ** attempt;
      expect(wsReconnectDelayMs(attempt, 0)).toBe(ceiling / 2);
      expect(wsReconnectDelayMs(attempt, 0.999999)).toBeLessThanOrEqual(ceiling);
      expect(wsReconnectDelayMs(attempt, 0.5)).toBe((ceiling * 3) / 4);
    }
  });

  it('caps at the maximum delay', () => {
    expect(wsReconnectDelayMs(50, 1)).toBe(WS_BACKOFF_MAX_MS);
    expect(wsReconnectDelayMs(50, 0)).toBe(WS_BACKOFF_MAX_MS / 2);
  });
});
