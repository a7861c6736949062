/**
 * Vite plugin: makes the first paint independent of the JavaScript.
 *
 * - The built stylesheet is inlined into the HTML (one render-blocking request less on slow 4G;
 *   7 KB gzipped, and the service worker precaches the HTML anyway).
 * - `shells/app.html` and `shells/landing.html` (src/domain/prerendered-shells.ts) are index.html with the first screen of /app and
 *   /landing rendered into #root by src/app/prerender.tsx (the real components, in Node, through
 *   Vite's SSR loader), and a modulepreload of that page's chunk so its code is fetched with the
 *   entry instead of after it. The server (server/http/static.ts) and the service worker
 *   (sw/caching.ts) answer those two paths with their shell; every other path gets index.html.
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

/** The page's chunk and the chunks it imports statically, minus those index.html already preloads. */
function pagePreloads(html: string, bundle: OutputBundle, page: string): string {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const pageChunk = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(page));
  if (!pageChunk) throw new Error(`prerender-shells: no chunk for ${page}`);
  const files = [pageChunk.fileName, ...pageChunk.imports].filter((file) => !html.includes(`/${file}"`));
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
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
      const html = inlineStylesheet(String(index.source), bundle);
      index.source = html;
      const rendered = await renderShells(root);
      for (const shell of SHELLS) {
        const source = html
          .replace('</head>', `${pagePreloads(html, bundle, shell.page)}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${rendered.get(shell.path)}</div>`);
        this.emitFile({ type: 'asset', fileName: shell.file, source });
      }
    },
  };
}
