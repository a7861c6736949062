import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

import { buildLog } from './scripts/build-log';
import { clientContractsPlugin } from './scripts/client-contracts';
import { compileHints } from './scripts/compile-hints';
import { prerenderShells } from './scripts/prerender-shells';
import { SERVER_RENDERED_GLOB } from './src/domain/prerendered-shells';

const FIRST_SCREEN_MODULES =
  /src[\\/](app[\\/](pages[\\/]home-page|home-first-reads|mobile-frame)|features[\\/]next-ferry[\\/]next-ferry-card|features[\\/]banners[\\/]banner-carousel)\.tsx?$/;

/**
 * /landing's own script (a second entry, with no React) and the brochure it runs (the feature card's
 * rotation, its words). /app never runs them: they are kept out of the app's start-up group, and out
 * of every other group too (a group also takes in what its modules import, the brochure chunk's
 * helpers), so the entry stays in its file and the bundler gives the brochure a file of its own.
 */
const LANDING_SCRIPT = /src[\\/](landing-main\.ts$|features[\\/]landing[\\/])/;

/**
 * What /landing's own script (src/landing-main.ts, a second entry) shares with the app's start-up
 * file: the "when the page is quiet" helpers and the service worker's registration. A chunk of their
 * own: as `$initial` modules they would otherwise join that file (React, the router), and /landing
 * would fetch it.
 */
const BROCHURE_MODULES =
  /src[\\/](lib[\\/](after-first-screen|time-slice|pwa|alerts|sw-messages)|domain[\\/]constants)\.ts$/;

/**
 * Small modules both /app's first screen and /landing's trial offer draw with (the buttons' look, the
 * offer's words): a chunk of their own, so /landing does not fetch /app's first-screen file (with the
 * device database and the answer schemas) for them. Plain functions, no components: /landing's
 * offer draws without React.
 */
const SHARED_UI_MODULES = /src[\\/](ui[\\/](cn|button-variants|trial-offer-look)|lib[\\/]no-subscription)\.ts$/;

/**
 * The component runtime (Preact and its React layer, installed as `react`, docs/DESIGN.md) with the
 * icons' base, the card and the page title: /app's start-up and /landing's toast area (loaded with a
 * trial press, never with the page) both render with them, and /landing must not fetch /app's
 * start-up file for it.
 */
const UI_RUNTIME_MODULES =
  /(node_modules[\\/](preact|react|react-dom)[\\/].*|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared[\\/].*|context)\.mjs|src[\\/]ui[\\/](card|use-document-title)\.tsx?)$/;

/**
 * The answer-checking API client with zod and the app's clock (the zone-pinned time helpers): /app's
 * first screen and /landing's trial offer both call it, and /landing must not fetch /app's
 * first-screen file (the device database) for it. zod and the clock are named here because the
 * profile's contract (below) imports them too: left to its group, they would join its file, and the
 * first screen would then import that file and build the profile's schemas with it.
 */
const API_MODULES = /(src[\\/](lib[\\/]api-client|domain[\\/]time)\.ts|node_modules[\\/]zod[\\/].*)$/;

/**
 * The rider profile's contract and its schemas (membership, settings): the sync's session and
 * /landing's trial offer need them, /app's first render does not. A file of their own: in the API
 * client's, every first render would build their schemas; in the sync's, /landing would fetch it.
 */
const PROFILE_CONTRACT = /src[\\/]domain[\\/]contracts[\\/]users\.ts$/;

const SYNC_MODULES =
  /src[\\/](sync[\\/]|data[\\/](sync-plan|rider-sync|acknowledged-writes|realtime-messages|complaints|client-config|ferry-feed|ferries|profile|pulled-rows)\.ts$|domain[\\/]complaint\.ts$)/;

/**
 * Smaller builds that two libraries ship but their package exports do not pick:
 * - react-router's exports point every build at its development files, which keep the dev warnings
 *   and their messages (remix-run/react-router#14102); its production files have none.
 * - Dexie's exports give bundlers its ES5 UMD file behind a wrapper; its README offers
 *   `dist/modern/dexie.mjs`, an ES module for current browsers, which the bundler can also trim.
 */
const PRODUCTION_BUILDS = [
  {
    find: /^dexie$/,
    replacement: fileURLToPath(new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url)),
  },
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
  },
];

const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? PRODUCTION_BUILDS : []),
    ],
  },
  plugins: [
    react(),
    clientContractsPlugin(),
    tailwindcss(),
    prerenderShells(),
    // Home's file and the sync: the first screen imports them at once; with what they import, they
    // and the entries are the start-up set compiled as it streams.
    compileHints(['first-screen', 'sync']),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // The page the server fills per request: offline the worker answers /app with its shell.
        globIgnores: [SERVER_RENDERED_GLOB],
        // The worker's flusher calls endpoints through contracts too: its copy is cut down the same way.
        buildPlugins: { vite: [clientContractsPlugin()] },
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside every text asset, made once at build time at the highest level;
    // the server picks one per request (server/http/static.ts, preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/], logLevel: 'silent' }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    // One stylesheet, inlined in the HTML (scripts/prerender-shells.ts): no chunk lists it as a
    // dependency, which would make a lazy import fetch it a second time.
    cssCodeSplit: false,
    // A lazy import is a plain import(): Vite's preload helper would add a <link rel=modulepreload>
    // per dependency of each lazy widget, in the middle of home's first render (~10 ms each on a
    // slow phone). The first screen's chunks are preloaded by the HTML (scripts/prerender-shells.ts);
    // a later page's or widget's shared dependencies follow its chunk one round trip later online,
    // or at once from the service worker's cache.
    modulePreload: false,
    rolldownOptions: {
      onLog: buildLog,
      // The app (index.html) and /landing's own script (src/landing-main.ts, no React).
      input: { index: 'index.html', landing: 'src/landing-main.ts' },
      output: {
        // Everything the entry imports statically in one file: on a phone over HTTP/1.1 each file is a
        // request in one of six connections, and offline each is a service-worker fetch.
        codeSplitting: {
          groups: [
            { name: 'brochure', test: BROCHURE_MODULES, priority: 6 },
            // Above `startup`: /landing fetches these, and must not fetch the app's start-up file for them.
            { name: 'ui', test: SHARED_UI_MODULES, priority: 5 },
            { name: 'ui-runtime', test: UI_RUNTIME_MODULES, priority: 5 },
            // Not /landing's script and brochure (LANDING_SCRIPT): the app does not run them.
            { name: 'startup', tags: ['$initial'], test: (id: string) => !LANDING_SCRIPT.test(id), priority: 4 },
            { name: 'api', test: API_MODULES, priority: 3 },
            // What /app shows at once (home, its Next Ferry card and banners), with what they import:
            // one file, preloaded by the page (scripts/prerender-shells.ts). Nothing the first render
            // does not run: the page evaluates it whole before the first screen answers a tap.
            { name: 'first-screen', test: FIRST_SCREEN_MODULES, priority: 2 },
            { name: 'profile', test: PROFILE_CONTRACT, priority: 1 },
            // The sync engine, the pulls it starts with and the rider's sync (home, away mode, the
            // inbox; src/main.tsx loads them as the first render starts): one file instead of a dozen
            // small ones, each a request and a gzip header, evaluated in a task after the render's.
            { name: 'sync', test: SYNC_MODULES, priority: 0 },
          ],
        },
      },
    },
  },
}));
