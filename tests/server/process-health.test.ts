import { describe, expect, it } from 'vitest';

import { ProcessHealth } from '../../server/health/process-health';

describe('process health: loop lag', () => {
  it('reports how late a tick started, a tick that is overdue now, and a tick running past its interval', () => {
    let now = 0;
    const health = new ProcessHealth(() => now);
    expect(health.tickLags()).toEqual([]);
    health.scheduled('loop', 1_000, 1_000);
    now = 1_500;
    health.started('loop');
    expect(health.tickLags()).toEqual([
      { name: 'loop', intervalMs: 1_000, lastTickAt: new Date(1_500).toISOString(), lagMs: 500 },
    ]);
    now = 1_600;
    health.scheduled('loop', 1_000, 1_000);
    now = 2_700;
    health.started('loop');
    expect(health.tickLags()[0]!.lagMs).toBe(100);
    // Still running 1.5 intervals after it started: half an interval late.
    now = 4_200;
    expect(health.tickLags()[0]!.lagMs).toBe(500);
    now = 4_300;
    health.scheduled('loop', 1_000, 1_000);
    // The next tick was due at 5 300 and has not started by 8 300 (a blocked event loop).
    now = 8_300;
    expect(health.tickLags()[0]!.lagMs).toBe(3_000);
  });

  it('counts every push result and passes it on', async () => {
    const health = new ProcessHealth(() => 0);
    const results = ['sent', 'gone', 'failed', 'sent'] as const;
    let i = 0;
    const push = health.countPushes({ send: async () => results[i++]! });
    const sub = { endpoint: 'https://push.example/a', p256dh: 'k', auth: 'a' };
    const payload = { title: 't', body: 'b', tag: 'x', url: '/app', kind: 'away_alert' as const };
    const answered = [];
    for (let n = 0; n < 4; n += 1) answered.push(await push.send(sub, payload));
    expect(answered).toEqual(results);
    expect(health.pushes()).toEqual({ sent: 2, failed: 1, gone: 1, since: new Date(0).toISOString() });
  });
});
