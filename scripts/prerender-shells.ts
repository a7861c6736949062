/**
 * Vite plugin: makes the first paint independent of the JavaScript.
 *
 * - The built stylesheet is inlined into the HTML (one render-blocking request less on slow 4G;
 *   7 KB gzipped, and the service worker precaches the HTML anyway).
 * - `shells/app.html` and `shells/landing.html` (src/domain/prerendered-shells.ts) are index.html
 *   with the first screen of /app and /landing rendered into #root by src/app/prerender.tsx (the real
 *   components, in Node), and modulepreloads of that page's chunk (and of what its first screen
 *   loads at once) so their code is fetched with the entry instead of after it.
 *   The server (server/http/static.ts) and the service worker (sw/caching.ts) answer those two paths
 *   with their shell; every other path gets index.html. The renderer is bundled for Node on the way
 *   (FIRST_SCREEN_RENDERER): the server renders /app with it again per request, with its sailings.
 * - The shells fetch their scripts at low priority (`fetchpriority="low"`): their first screen is in
 *   the HTML, so no script is needed for the first paint, and nothing should wait for them before
 *   painting. /landing's start only after its first paint (STARTED_AFTER_FIRST_PAINT). index.html
 *   keeps the default priority: its pages have nothing to show until the scripts have run.
 *
 * Runs in generateBundle, before vite-plugin-pwa lists the files to precache, so the shells are
 * precached with their own revisions.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { build, type Plugin } from 'vite';

import {
  BROCHURE_MARK,
  FIRST_SCREEN_RENDERER as RENDERER,
  PRERENDERED_SHELLS as SHELLS,
} from '../src/domain/prerendered-shells';
import { LANDING_TITLE } from '../src/features/landing/landing-content';
import { buildLog } from './build-log';

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;

function inlineStylesheet(html: string, bundle: OutputBundle): string {
  const match = STYLESHEET_LINK.exec(html);
  const css = match ? bundle[match[1]!] : undefined;
  if (!match || !css || css.type !== 'asset')
    throw new Error('prerender-shells: the stylesheet link in index.html was not found');
  return html.replace(match[0], () => `<style>${String((css as OutputAsset).source)}</style>`);
}

/**
 * Lazy chunks the app's pages start loading as soon as the entry runs (the sync engine with home's,
 * away mode's and the inbox's pulls; /landing, a brochure, runs no sync), and those the first screen
 * of a prerendered page shows at once (/app's phone frame, home's first reads and its banners, which
 * are in view): preloaded with the entry, they cost no extra round trip after it.
 */
const STARTUP_MODULES = ['src/data/rider-sync.ts'];
const FIRST_SCREEN_MODULES: Record<string, string[]> = {
  '/app': [
    'src/app/mobile-frame.tsx',
    'src/app/home-first-reads.ts',
    'src/features/banners/banner-carousel.tsx',
    ...STARTUP_MODULES,
  ],
};

/** Modulepreload links for these modules' chunks and their static imports, minus those the HTML already has. */
function modulePreloads(html: string, bundle: OutputBundle, modules: readonly string[]): string {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find(
      (candidate) =>
        candidate.facadeModuleId?.endsWith(module) || candidate.moduleIds.some((id) => id.endsWith(module)),
    );
    if (!chunk) throw new Error(`prerender-shells: no chunk for ${module}`);
    for (const file of [chunk.fileName, ...chunk.imports]) if (!html.includes(`/${file}"`)) files.add(file);
  }
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/**
 * /landing is a brochure: its HTML is the whole page, and its own script (BROCHURE_ENTRY, no React)
 * makes its few moving parts work. Neither that script nor what it loads once the page is quiet (the
 * plans' trial offers) may fetch the app's start-up file (React, the router), its first-screen file
 * (the device database, the answer schemas) or its sync engine; the trial offers may fetch the API
 * client (`api`), the script itself not even that. A module they share with the app that lands in one
 * of these files (a helper moved out of its group in vite.config.ts, say) would make the landing
 * page fetch and evaluate it whole: the build stops instead.
 */
const BROCHURES: Record<string, { title: string }> = { '/landing': { title: LANDING_TITLE } };
const BROCHURE_ENTRY = 'src/landing-main.ts';
const BROCHURE_LOADS: Array<{ module: string; mayFetchApi: boolean }> = [
  { module: BROCHURE_ENTRY, mayFetchApi: false },
  { module: 'src/features/landing/trial-offers.ts', mayFetchApi: true },
];
/** The app's files a brochure must not fetch: its entry (with React and the router) and its start-up groups. */
const APP_START_UP = /^assets\/(index|startup|first-screen|sync)-/;

/** Every file a chunk imports statically, directly or through other chunks. */
function staticImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return seen;
  for (const file of chunk.imports)
    if (!seen.has(file)) {
      seen.add(file);
      staticImports(bundle, file, seen);
    }
  return seen;
}

function chunkOf(bundle: OutputBundle, module: string): OutputChunk {
  const chunk = Object.values(bundle).find(
    (item): item is OutputChunk => item.type === 'chunk' && !!item.facadeModuleId?.endsWith(module),
  );
  if (!chunk) throw new Error(`prerender-shells: no chunk for ${module}`);
  return chunk;
}

function checkBrochureLoads(bundle: OutputBundle): void {
  for (const { module, mayFetchApi } of BROCHURE_LOADS) {
    const heavy = [...staticImports(bundle, chunkOf(bundle, module).fileName)].filter(
      (f) => APP_START_UP.test(f) || (!mayFetchApi && f.startsWith('assets/api-')),
    );
    if (heavy.length > 0)
      throw new Error(
        `prerender-shells: ${module} would fetch ${heavy.join(', ')}: a module it imports belongs to the app's start-up groups (vite.config.ts)`,
      );
  }
}

/**
 * The other way round: what /app's first render evaluates (the entry, home's file, and every file
 * they import statically) carries no code that the render does not run. A phone evaluates each such
 * file whole before the first screen answers a tap:
 * - the brochure's own code (src/features/landing/), which only /landing runs;
 * - the rider's sync (home, away-mode and inbox pulls, the away alert watcher), which starts with the
 *   sync engine after the render, and the rider profile's contract and schemas, which the sync's
 *   session needs and the first screen does not (building zod schemas is most of what evaluating
 *   these files costs).
 * A group in vite.config.ts that takes one of them in would put it there: the build stops instead.
 */
const APP_ENTRY = 'src/main.tsx';
const HOME_PAGE = 'src/app/pages/home-page.tsx';
const NOT_BEFORE_FIRST_RENDER =
  /[\\/]src[\\/](features[\\/]landing[\\/]|data[\\/]rider-sync\.ts$|domain[\\/]contracts[\\/]users\.ts$)/;

function checkFirstRenderEvaluatesOnlyItsOwn(bundle: OutputBundle): void {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith(APP_ENTRY)));
  const home = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(HOME_PAGE)));
  if (!entry || !home) throw new Error(`prerender-shells: no chunk holds ${entry ? HOME_PAGE : APP_ENTRY}`);
  const files = new Set([entry.fileName, home.fileName]);
  for (const file of [...files]) for (const imported of staticImports(bundle, file)) files.add(imported);
  for (const file of files) {
    const chunk = bundle[file];
    const misplaced = chunk?.type === 'chunk' ? chunk.moduleIds.filter((id) => NOT_BEFORE_FIRST_RENDER.test(id)) : [];
    if (misplaced.length > 0)
      throw new Error(
        `prerender-shells: ${file}, which /app evaluates before its first render, holds ${misplaced.join(', ')}: a group in vite.config.ts takes it in`,
      );
  }
}

/** index.html with the brochure's own script in place of the app's, its title and its mark: no preloads. */
function brochureHtml(html: string, bundle: OutputBundle, title: string): string {
  const entry = chunkOf(bundle, BROCHURE_ENTRY).fileName;
  let replaced = 0;
  const withEntry = html.replace(/(<script type="module"[^>]* src=")[^"]+(")/g, (_tag, open: string, close: string) => {
    replaced++;
    return `${open}/${entry}${close}`;
  });
  if (replaced !== 1) throw new Error("prerender-shells: the app's script tag in index.html was not found");
  return withEntry
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('<html lang="en">', `<html lang="en" ${BROCHURE_MARK}>`);
}

const SCRIPT_TAGS =
  /<script type="module"[^>]* src="([^"]+)"><\/script>|<link rel="modulepreload"[^>]* href="([^"]+)">/g;

/**
 * The shell's scripts, started only after its first paint: their tags are replaced by one small
 * module that waits for the frame after the first paint (or starts at once in a hidden tab, which
 * paints nothing), then adds them: the page's script first, then its preloads, each in a task of its
 * own (the browser starts each fetch as its tag is added: nine at once were one task of 5-17 ms at
 * full speed, a long task on a slow phone). The first screen is complete in the HTML, so nothing on
 * it waits for them, and the phone's first frames are not spent compiling them. Returns the new HTML
 * and the starter's code (a file of its own: the Content-Security-Policy allows no inline script).
 */
export function startScriptsAfterFirstPaint(html: string): { html: string; fileName: string; starter: string } {
  let entry: string | undefined;
  const preloads: string[] = [];
  const rest = html.replace(SCRIPT_TAGS, (_tag, script: string | undefined, preload: string | undefined) => {
    if (script) entry = script;
    else preloads.push(preload!);
    return '';
  });
  if (!entry) throw new Error('prerender-shells: the shell has no module script');
  const starter = [
    `const preloads = ${JSON.stringify(preloads)};`,
    `const tags = [['script', { type: 'module', src: ${JSON.stringify(entry)}, crossOrigin: 'anonymous' }], ...preloads.map((href) => ['link', { rel: 'modulepreload', href, crossOrigin: 'anonymous' }])];`,
    'function start() {',
    '  const [tag, attributes] = tags.shift();',
    '  document.head.append(Object.assign(document.createElement(tag), attributes));',
    '  if (tags.length > 0) setTimeout(start, 0);',
    '}',
    "if (document.visibilityState === 'hidden') start();",
    'else requestAnimationFrame(() => setTimeout(start, 0));',
    '',
  ].join('\n');
  const fileName = `assets/start-${createHash('sha256').update(starter).digest('base64url').slice(0, 8)}.js`;
  return {
    html: rest.replace('</head>', `<script type="module" crossorigin src="/${fileName}"></script></head>`),
    fileName,
    starter,
  };
}

/**
 * The shells whose scripts start after the first paint: /landing's first screen is all in its HTML
 * (the scripts only make its buttons work), so its largest text paints without waiting for them
 * (Lighthouse's LCP 1.9 s -> 1.0 s). /app's shell (the one the service worker answers with) waits
 * for the next sailing, which the scripts read and draw: there they start at once (started after the
 * paint, its LCP was later). /app as the server renders it has the sailing in its HTML, so that
 * version (`serverRendered`) starts them after its first paint.
 */
const STARTED_AFTER_FIRST_PAINT = new Set<string>(['/landing']);

/** Marks a shell's module script and its modulepreloads as not needed for its first paint (see the top). */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

/** What src/app/prerender.tsx exports, as the build and the server call it. */
type Renderer = typeof import('../src/app/prerender');

/**
 * Bundles src/app/prerender.tsx for Node into FIRST_SCREEN_RENDERER and loads it: the shells are
 * rendered with the very file the server renders /app with per request (server/http/first-screen.ts).
 */
async function buildRenderer(root: string): Promise<Renderer> {
  const outDir = path.join(root, RENDERER.dir);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    resolve: { alias: { '@': `${root}/src` } },
    // Self-contained, with the production builds of the libraries that pick theirs from NODE_ENV when
    // imported, whatever NODE_ENV the server runs with (a development build renders several times slower).
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      minify: false,
      rolldownOptions: { onLog: buildLog, output: { entryFileNames: RENDERER.file } },
    },
  });
  return (await import(pathToFileURL(path.join(outDir, RENDERER.file)).href)) as Renderer;
}

async function renderShells(root: string): Promise<Map<string, string>> {
  const { renderShell } = await buildRenderer(root);
  const shells = new Map<string, string>();
  for (const shell of SHELLS) shells.set(shell.path, await renderShell(shell.path));
  return shells;
}

export function prerenderShells(): Plugin {
  let root = process.cwd();
  return {
    name: 'deckhand-prerender-shells',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return; // the service worker's own build
      const inlined = inlineStylesheet(String(index.source), bundle);
      index.source = inlined.replace('</head>', `${modulePreloads(inlined, bundle, STARTUP_MODULES)}</head>`);
      checkBrochureLoads(bundle);
      checkFirstRenderEvaluatesOnlyItsOwn(bundle);
      const rendered = await renderShells(root);
      for (const shell of SHELLS) {
        const brochure = BROCHURES[shell.path];
        const html = brochure
          ? brochureHtml(inlined, bundle, brochure.title)
          : inlined.replace(
              '</head>',
              `${modulePreloads(inlined, bundle, [shell.page, ...(FIRST_SCREEN_MODULES[shell.path] ?? [])])}</head>`,
            );
        const source = html.replace('<div id="root"></div>', `<div id="root">${rendered.get(shell.path)}</div>`);
        const emitStartedAfterFirstPaint = (fileName: string) => {
          const started = startScriptsAfterFirstPaint(source);
          if (!bundle[started.fileName])
            this.emitFile({ type: 'asset', fileName: started.fileName, source: started.starter });
          this.emitFile({ type: 'asset', fileName, source: lowPriorityScripts(started.html) });
        };
        if (STARTED_AFTER_FIRST_PAINT.has(shell.path)) emitStartedAfterFirstPaint(shell.file);
        else this.emitFile({ type: 'asset', fileName: shell.file, source: lowPriorityScripts(source) });
        // The server puts the first screen rendered with its sailings into this one: complete in
        // the HTML, the page starts its scripts after its first paint, as /landing does.
        if (shell.serverRendered) emitStartedAfterFirstPaint(shell.serverRendered);
      }
    },
  };
}
