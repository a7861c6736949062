/**
 * Vite plugin: makes the first paint independent of the JavaScript.
 *
 * - The built stylesheet is inlined into the HTML (one render-blocking request less on slow 4G;
 *   7 KB gzipped, and the service worker precaches the HTML anyway).
 * - `shells/app.html` and `shells/landing.html` (src/domain/prerendered-shells.ts) are index.html
 *   with the first screen of /app and /landing rendered into #root by src/app/prerender.tsx (the real
 *   components, in Node, through Vite's SSR loader), and modulepreloads of that page's chunk (and of
 *   what its first screen loads at once) so their code is fetched with the entry instead of after it.
 *   The server (server/http/static.ts) and the service worker (sw/caching.ts) answer those two paths
 *   with their shell; every other path gets index.html.
 *
 * - The scripts are fetched at low priority (`fetchpriority="low"`): the first screen is in the HTML,
 *   so no script is needed for the first paint, and nothing should wait for them before painting.
 *
 * Runs in generateBundle, before vite-plugin-pwa lists the files to precache, so the shells are
 * precached with their own revisions.
 */
import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { PRERENDERED_SHELLS as SHELLS } from '../src/domain/prerendered-shells';

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;

function inlineStylesheet(html: string, bundle: OutputBundle): string {
  const match = STYLESHEET_LINK.exec(html);
  const css = match ? bundle[match[1]!] : undefined;
  if (!match || !css || css.type !== 'asset') throw new Error('prerender-shells: the stylesheet link in index.html was not found');
  return html.replace(match[0], () => `<style>${String((css as OutputAsset).source)}</style>`);
}

/**
 * Lazy chunks every page starts loading as soon as the entry runs (the sync of home, away mode and
 * the inbox), and those the first screen of a prerendered page shows at once (home's banners, which
 * are in view): preloaded with the entry, they cost no extra round trip after it.
 */
const STARTUP_MODULES = ['src/sync/rider-sync.ts'];
const FIRST_SCREEN_MODULES: Record<string, string[]> = { '/app': ['src/features/banners/banner-carousel.tsx'] };

/** Modulepreload links for these modules' chunks and their static imports, minus those the HTML already has. */
function modulePreloads(html: string, bundle: OutputBundle, modules: readonly string[]): string {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module) || candidate.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`prerender-shells: no chunk for ${module}`);
    for (const file of [chunk.fileName, ...chunk.imports]) if (!html.includes(`/${file}"`)) files.add(file);
  }
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/** Marks the module script and its modulepreloads as not needed for the first paint (see the top). */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

async function renderShells(root: string): Promise<Map<string, string>> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react()],
    resolve: { alias: { '@': `${root}/src` } },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderShell } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { renderShell: (path: string) => Promise<string> };
    const shells = new Map<string, string>();
    for (const shell of SHELLS) shells.set(shell.path, await renderShell(shell.path));
    return shells;
  } finally {
    await server.close();
  }
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
      const html = inlined.replace('</head>', `${modulePreloads(inlined, bundle, STARTUP_MODULES)}</head>`);
      index.source = lowPriorityScripts(html);
      const rendered = await renderShells(root);
      for (const shell of SHELLS) {
        const source = html
          .replace('</head>', `${modulePreloads(html, bundle, [shell.page, ...(FIRST_SCREEN_MODULES[shell.path] ?? [])])}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${rendered.get(shell.path)}</div>`);
        this.emitFile({ type: 'asset', fileName: shell.file, source: lowPriorityScripts(source) });
      }
    },
  };
}
