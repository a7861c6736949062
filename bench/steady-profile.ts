/**
 * What home's steady state costs in script, and where: a CPU profile of /app at full speed once its
 * first visit's sync is over (PROFILE_SETTLE_MS, default 30 s), while the rider only watches it (the
 * countdowns and ages ticking, the realtime positions and fills, the rotating banners), for
 * PROFILE_SECONDS (default 60 s). Per run: the main thread's script time (every sampled function but
 * the idle and the browser's own "(program)" work), Dexie's and the component runtime's own code,
 * IndexedDB's calls, and the app's functions with the most time inside them (mapped through the
 * build's source maps). A figure at full speed, so a slow host stretches it less than the traces at
 * 16× (bench/steady-state.ts), whose long tasks depend on what the simulated world does that minute.
 *
 * PROFILE_RUNS runs per build (default 2), PROFILE_TOP functions listed (default 8);
 * `PROFILE_BASELINE=<another build's dist>` loads that build
 * too, runs interleaved. Run after `npm run build`: `npx tsx bench/steady-profile.ts`.
 * Not a pass/fail test: the figures go to bench/README.md.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';

import { openRunningApp } from './page-settle';
import { startProductionServer, type ProductionServer } from './production-server';
import { median } from './trace-tasks';

const RUNS = Number(process.env.PROFILE_RUNS ?? 2);
const SETTLE_MS = Number(process.env.PROFILE_SETTLE_MS ?? 30_000);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 60);
const BASELINE = process.env.PROFILE_BASELINE;
const TOP = Number(process.env.PROFILE_TOP ?? 8);
/** IndexedDB's own calls, as the profile names them (native functions, no script URL). */
const INDEXED_DB = new Set(['transaction', 'put', 'get', 'getAll', 'count', 'openCursor', 'add', 'delete']);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Figures {
  scriptMs: number;
  dexieMs: number;
  runtimeMs: number;
  indexedDbMs: number;
  /** The app's functions by the time spent inside them (their callees included). */
  inside: Map<string, number>;
}

/** A function's name and place in the sources, through the build's source map where there is one. */
function namer(dist: string) {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      try {
        const file = path.join(dist, new URL(url).pathname) + '.map';
        maps.set(url, new SourceMap(JSON.parse(readFileSync(file, 'utf8'))));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url) ?? null;
  };
  return ({ functionName, url, lineNumber, columnNumber }: ProfileNode['callFrame']) => {
    // An empty object where the map has no entry; `name` only on newer Node versions.
    const entry = (url ? mapOf(url)?.findEntry(lineNumber, columnNumber) : undefined) as
      (Partial<SourceMapping> & { name?: string }) | undefined;
    if (entry?.originalSource !== undefined && entry.originalLine !== undefined) {
      const source = entry.originalSource.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      return { source, name: `${entry.name || functionName || '(anonymous)'} ${source}:${entry.originalLine + 1}` };
    }
    return { source: url, name: functionName };
  };
}

async function profileOnce(origin: string, dist: string): Promise<Figures> {
  const { browser, page, cdp } = await openRunningApp(origin);
  try {
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.waitForTimeout(SECONDS * 1000);
    const { profile } = await cdp.send('Profiler.stop');
    return figuresOf(profile.nodes as ProfileNode[], profile.samples ?? [], profile.timeDeltas ?? [], dist);
  } finally {
    await browser.close();
  }
}

function figuresOf(nodes: ProfileNode[], samples: number[], deltas: number[], dist: string): Figures {
  const name = namer(dist);
  const selfMs = new Map<number, number>();
  samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i] ?? 0) / 1000));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const figures: Figures = { scriptMs: 0, dexieMs: 0, runtimeMs: 0, indexedDbMs: 0, inside: new Map() };
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) continue;
    figures.scriptMs += ms;
    const { source } = name(frame);
    if (source.startsWith('dexie/')) figures.dexieMs += ms;
    if (source.startsWith('preact/')) figures.runtimeMs += ms;
    if (!frame.url && INDEXED_DB.has(frame.functionName)) figures.indexedDbMs += ms;
    // Time inside each of the app's functions on the stack, counted once per sample however deep.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (!node) break;
      const named = name(node.callFrame);
      if (!named.source.startsWith('src/') || seen.has(named.name)) continue;
      seen.add(named.name);
      figures.inside.set(named.name, (figures.inside.get(named.name) ?? 0) + ms);
    }
  }
  return figures;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function describe(figures: Figures): string {
  return `script ${ms(figures.scriptMs)}, Dexie ${ms(figures.dexieMs)}, component runtime ${ms(figures.runtimeMs)}, IndexedDB calls ${ms(figures.indexedDbMs)}`;
}

const builds: Array<{ label: string; dist: string; server?: ProductionServer }> = [
  { label: 'current', dist: 'dist' },
  ...(BASELINE ? [{ label: 'baseline', dist: BASELINE }] : []),
];
for (const build of builds) {
  build.server = await startProductionServer(build.dist === 'dist' ? {} : { staticDir: build.dist });
}
try {
  console.log(
    `Home's steady state at full speed: ${SECONDS} s profiled ${SETTLE_MS / 1000} s after /app runs; ${RUNS} runs per build${BASELINE ? ', interleaved' : ''}`,
  );
  const results = new Map<string, Figures[]>(builds.map((b) => [b.label, []]));
  for (let run = 0; run < RUNS; run++) {
    // Alternate which build goes first, so neither always runs on the fresher machine.
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const figures = await profileOnce(build.server!.origin, build.dist);
      results.get(build.label)!.push(figures);
      const load = loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      console.log(`  run ${run + 1} ${build.label} (load average ${load}): ${describe(figures)}`);
    }
  }
  for (const [label, runs] of results) {
    const medianOf = (pick: (f: Figures) => number) => median(runs.map(pick));
    console.log(
      `${label}: medians ${describe({
        scriptMs: medianOf((f) => f.scriptMs),
        dexieMs: medianOf((f) => f.dexieMs),
        runtimeMs: medianOf((f) => f.runtimeMs),
        indexedDbMs: medianOf((f) => f.indexedDbMs),
        inside: new Map(),
      })}`,
    );
    const names = new Set(runs.flatMap((f) => [...f.inside.keys()]));
    const inside = [...names].map((n) => [n, medianOf((f) => f.inside.get(n) ?? 0)] as const);
    for (const [n, value] of inside.sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`    ${ms(value).padStart(9)} inside ${n}`);
    }
  }
} finally {
  for (const build of builds) await build.server?.stop();
}
