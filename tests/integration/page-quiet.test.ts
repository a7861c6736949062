/**
 * Work that waits until the page has been quiet (src/lib/page-quiet.ts): it starts once no long task
 * has run for the quiet time, and at the latest after the longest wait when long tasks keep coming.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { pageQuiet } from '@/lib/page-quiet';

const globals = globalThis as { PerformanceObserver?: unknown };
const original = globals.PerformanceObserver;

/** A PerformanceObserver that reports long tasks when the test says one ran. */
function longTasksByHand() {
  const observers = new Set<() => void>();
  class FakeObserver {
    static supportedEntryTypes = ['longtask'];
    constructor(private readonly callback: () => void) {}
    observe() {
      observers.add(this.callback);
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  globals.PerformanceObserver = FakeObserver;
  return { longTask: () => observers.forEach((callback) => callback()), watching: () => observers.size };
}

afterEach(() => {
  globals.PerformanceObserver = original;
  vi.useRealTimers();
});

describe('waiting until the page has been quiet', () => {
  it('starts once no long task has run for the quiet time, counted from the last one', async () => {
    vi.useFakeTimers();
    const tasks = longTasksByHand();
    let started = false;
    void pageQuiet(3_000, 10_000).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(2_000);
    tasks.longTask();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(true);
    expect(tasks.watching()).toBe(0);
  });

  it('starts at the latest after the longest wait while long tasks keep coming', async () => {
    vi.useFakeTimers();
    const tasks = longTasksByHand();
    let started = false;
    void pageQuiet(3_000, 10_000).then(() => (started = true));
    for (let second = 1; second < 10; second += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      tasks.longTask();
    }
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(true);
  });

  it('where the browser reports no long tasks, starts after the quiet time', async () => {
    vi.useFakeTimers();
    globals.PerformanceObserver = undefined;
    let started = false;
    void pageQuiet(3_000, 10_000).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
  });
});
