/**
 * Reading a Chromium performance trace of a page load (bench/startup-trace.ts, bench/startup-ratio.ts):
 * the renderer's main thread, its long tasks (50 ms or more, with what took most of each), their
 * blocking time, and the main thread's busy time (every task, summed) from navigation on.
 */
export const LONG_TASK_MS = 50;

/** What the traces record: the timeline (tasks, script, layout) and V8's script evaluation. */
export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
];

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; frame?: string } };
}

export interface LongTask {
  ms: number;
  startMs: number;
  what: string;
}

/** The renderer's main thread that ran the page: the CrRendererMain thread with the most script. */
export function mainThread(events: TraceEvent[]): { pid: number; tid: number } | undefined {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; script: number } | undefined;
  for (const thread of mains) {
    // Classic scripts are EvaluateScript, module scripts v8.evaluateModule: an app of modules only has
    // none of the first, and counting them alone picked whichever renderer came first (a blank one).
    const script = events.filter(
      (e) =>
        e.pid === thread.pid && e.tid === thread.tid && (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule'),
    ).length;
    if (!best || script > best.script) best = { pid: thread.pid, tid: thread.tid, script };
  }
  return best;
}

const shortUrl = (url = '') => url.replace(/^https?:\/\/[^/]+/, '') || 'the page';

/** Trace events that say what a task did (the scheduler's wrappers around them say nothing). */
const MEANINGFUL = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'XHRLoad',
  'HandlePostMessage',
]);

/** What took most of a task: its longest meaningful part, named with its script and function where it has them. */
function describe(task: TraceEvent, inside: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const parts = inside.filter(
    (e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && MEANINGFUL.has(e.name),
  );
  // The outermost script entry (a microtask run holds the function calls it made).
  parts.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0) || a.ts - b.ts);
  const top = parts.find((e) => e.name !== 'RunMicrotasks') ?? parts[0];
  if (!top) return 'no recorded part';
  const data = top.args?.data;
  const where = data?.url
    ? ` ${shortUrl(data.url)}${data.functionName ? ` ${data.functionName}()` : ''}`
    : data?.type
      ? ` ${data.type}`
      : '';
  return `${top.name}${where} ${Math.round((top.dur ?? 0) / 1000)} ms`;
}

export function longTasks(events: TraceEvent[], navigationTs: number): LongTask[] {
  const thread = mainThread(events);
  if (!thread) return [];
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && (e.dur ?? 0) >= LONG_TASK_MS * 1000 && e.ts >= navigationTs,
  );
  return tasks
    .map((task) => ({
      ms: (task.dur ?? 0) / 1000,
      startMs: (task.ts - navigationTs) / 1000,
      what: describe(task, onMain),
    }))
    .sort((a, b) => b.ms - a.ms);
}

/** Blocking time: each long task's part past 50 ms, summed. */
export const blocking = (tasks: readonly LongTask[]) => tasks.reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);

/** The navigation's start in the trace's clock: the first navigationStart of the new document. */
export const navigationStartOf = (events: readonly TraceEvent[], fallback = 0) =>
  events.find((e) => e.name === 'navigationStart' && e.ts > 0)?.ts ?? fallback;

/**
 * The main thread's busy time from navigation on: every top-level task's duration, summed (tasks
 * nested in another task are counted once, in their parent). The trace ends once the page has been
 * quiet for a while, so this is the busy time until idle.
 */
export function busyMs(events: readonly TraceEvent[], navigationTs: number): number {
  const thread = mainThread(events as TraceEvent[]);
  if (!thread) return 0;
  const tasks = events
    .filter(
      (e) =>
        e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= navigationTs,
    )
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    if (end <= coveredUntil) continue;
    busy += end - Math.max(task.ts, coveredUntil);
    coveredUntil = end;
  }
  return busy / 1000;
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
