import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstScreen, idleOrFirstInput } from '@/lib/after-first-screen';
import { yieldToMain } from '@/lib/time-slice';

const globals = globalThis as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown; scheduler?: unknown };

afterEach(() => {
  delete globals.requestIdleCallback;
  delete globals.cancelIdleCallback;
  delete globals.scheduler;
  vi.restoreAllMocks();
});

/** A requestIdleCallback the test fires by hand. */
function idleByHand() {
  let idle: (() => void) | undefined;
  let asked: { timeout?: number } | undefined;
  globals.requestIdleCallback = (callback: () => void, options?: { timeout?: number }) => {
    idle = callback;
    asked = options;
    return 1;
  };
  globals.cancelIdleCallback = () => {
    idle = undefined;
  };
  return { fire: () => idle?.(), asked: () => asked };
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await yieldToMain();
};

describe('start-up work after the first screen', () => {
  it('waits until the browser is idle (asking for at most the timeout), then runs each slice in order', async () => {
    const idle = idleByHand();
    const ran: string[] = [];
    const done = afterFirstScreen([() => ran.push('sync'), () => ran.push('service worker')], 1_500);
    await settle();
    expect(ran).toEqual([]);
    expect(idle.asked()).toEqual({ timeout: 1_500 });
    idle.fire();
    await done;
    expect(ran).toEqual(['sync', 'service worker']);
  });

  it("starts at the rider's first input, after the input's own handlers, without waiting for idle time", async () => {
    idleByHand();
    const ran: string[] = [];
    window.addEventListener('pointerdown', () => ran.push('the tap'), { once: true });
    const done = afterFirstScreen([() => ran.push('sync')]);
    await settle();
    window.dispatchEvent(new Event('pointerdown'));
    await done;
    expect(ran).toEqual(['the tap', 'sync']);
  });

  it('starts after the timeout where the browser has no idle callback', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let started = false;
      void idleOrFirstInput(2_000).then(() => (started = true));
      await vi.advanceTimersByTimeAsync(1_999);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  // A page torn down before the timeout fires: its global window gone (a test's document closed), or
  // the window left without its event methods (what a test environment's teardown leaves).
  const tornDown = {
    'the page is gone': ['window'],
    "the window's methods are gone": ['addEventListener', 'removeEventListener'],
  };
  it.each(Object.entries(tornDown))(
    'still starts, without throwing, when its timeout fires after %s',
    async (_, removed) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        let started = false;
        void idleOrFirstInput(2_000).then(() => (started = true));
        for (const name of removed) vi.stubGlobal(name, undefined);
        await vi.advanceTimersByTimeAsync(2_000);
        expect(started).toBe(true);
      } finally {
        vi.unstubAllGlobals();
        vi.useRealTimers();
      }
    },
  );

  it('gives the browser the main thread between slices, through scheduler.yield where there is one', async () => {
    const idle = idleByHand();
    const yields: string[] = [];
    const ran: string[] = [];
    globals.scheduler = { yield: () => (yields.push(`yield before ${ran.length + 1}`), Promise.resolve()) };
    const done = afterFirstScreen([() => ran.push('a'), () => ran.push('b')]);
    idle.fire();
    await done;
    expect(yields).toEqual(['yield before 1', 'yield before 2']);
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs the next slice when one fails, and says which work failed', async () => {
    const idle = idleByHand();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ran: string[] = [];
    const done = afterFirstScreen([
      () => {
        throw new Error('no IndexedDB');
      },
      () => Promise.reject(new Error('chunk not fetched')),
      () => ran.push('service worker'),
    ]);
    idle.fire();
    await done;
    await settle();
    expect(ran).toEqual(['service worker']);
    expect(logged.mock.calls.map((call) => String(call[1]))).toEqual([
      'Error: no IndexedDB',
      'Error: chunk not fetched',
    ]);
  });
});
