/**
 * What this server process has seen since it started, for the System Health tab: push results and
 * how late the timed loops (alert scheduler, watcher engine) run. Nothing here is stored: a push's
 * outcome is not written anywhere else, so these are honest "since start" counts of this process,
 * and a second instance keeps its own.
 */
import type { PushResult, PushSender } from '../push/push-sender';

export interface TickLag {
  name: string;
  intervalMs: number;
  /** When the last tick started (ISO), or null before the first. */
  lastTickAt: string | null;
  /**
   * How late the loop is, in ms: the later of the last tick's start past its due time and how far
   * past due the loop is right now: a next tick that has not started (a blocked event loop), or a
   * tick still running longer than one interval (a hung database or push service).
   */
  lagMs: number;
}

interface LoopState {
  intervalMs: number;
  dueAt: number | null;
  lastStartedAt: number | null;
  lastLateMs: number;
}

export class ProcessHealth {
  readonly startedAt: number;
  private readonly pushCounts: Record<PushResult, number> = { sent: 0, failed: 0, gone: 0 };
  private readonly loops = new Map<string, LoopState>();

  constructor(private readonly clock: () => number = Date.now) {
    this.startedAt = clock();
  }

  /** Wraps a sender so every result it answers is counted; the answers are passed on unchanged. */
  countPushes(sender: PushSender): PushSender {
    return {
      send: async (sub, payload) => {
        const result = await sender.send(sub, payload);
        this.pushCounts[result] += 1;
        return result;
      },
    };
  }

  pushes(): Record<PushResult, number> & { since: string } {
    return { ...this.pushCounts, since: new Date(this.startedAt).toISOString() };
  }

  /** A loop has set its timer: its next tick is due in `delayMs`; `intervalMs` is its normal cadence. */
  scheduled(name: string, intervalMs: number, delayMs: number): void {
    const loop = this.loops.get(name) ?? { intervalMs, dueAt: null, lastStartedAt: null, lastLateMs: 0 };
    this.loops.set(name, { ...loop, intervalMs, dueAt: this.clock() + delayMs });
  }

  /** The tick a loop scheduled has started now. */
  started(name: string): void {
    const loop = this.loops.get(name);
    if (!loop) return;
    const now = this.clock();
    this.loops.set(name, {
      ...loop,
      lastStartedAt: now,
      lastLateMs: loop.dueAt === null ? 0 : Math.max(0, now - loop.dueAt),
      dueAt: null,
    });
  }

  tickLags(): TickLag[] {
    const now = this.clock();
    return [...this.loops].map(([name, loop]) => ({
      name,
      intervalMs: loop.intervalMs,
      lastTickAt: loop.lastStartedAt === null ? null : new Date(loop.lastStartedAt).toISOString(),
      lagMs: Math.max(0, loop.lastLateMs, now - (loop.dueAt ?? (loop.lastStartedAt ?? now) + loop.intervalMs)),
    }));
  }
}

/** What the timed loops take: optional, so tests that drive a loop by hand need none. */
export interface TickRecorder {
  scheduled(name: string, intervalMs: number, delayMs: number): void;
  started(name: string): void;
}
