/**
 * Serves the built PWA from `config.staticDir` on the API's port.
 *
 * Caching: Vite fingerprints everything under /assets/, so those files are immutable for a year.
 * Everything else (index.html, sw.js, manifest.webmanifest, workbox-*.js, icons) is `no-cache`:
 * browsers revalidate with the ETag on each use, so a new deploy is seen at once and the service
 * worker update check is never served stale.
 *
 * SPA fallback: a GET for a path that is not a file, not under /api and not /ws, from a client that
 * accepts HTML, gets index.html so client-side routes (/app/tracker, /admin/login, ...) load on reload.
 * /app and /landing get their prerendered shell instead (src/domain/prerendered-shells.ts), so the
 * phone paints the first screen before the JavaScript arrives; /app's with the next sailing rendered
 * in when the app has a first-screen renderer (./first-screen.ts: rendered and compressed once per
 * ferry list and minute, kept in memory, with an ETag; a request that has it gets a 304). Other
 * misses reach the JSON 404 of server/http/errors.ts.
 *
 * Compression: the build writes a brotli and a gzip copy beside each text asset (vite.config.ts);
 * `preCompressed` sends the best one the client accepts, so nothing is compressed per request.
 *
 * With no build in staticDir the server still runs the API and answers pages with a 503 that says
 * how to build, instead of crashing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { prerenderedShellFor, serverRenderedFor } from '../../src/domain/prerendered-shells';
import type { Config } from '../config';
import { sendEncoded } from './encoded-body';
import { sendError } from './errors';
import type { FirstScreen } from './first-screen';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
export const MISSING_BUILD_MESSAGE =
  "Deckhand's web app has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload.";

/** Cache-Control for a file, by its path relative to the static root (posix separators). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

function isServerPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('application/xhtml+xml');
}

async function isFile(filePath: string): Promise<boolean> {
  try {
    return (await fs.stat(filePath)).isFile();
  } catch {
    return false;
  }
}

/** The file's text, or undefined if it is not there. */
async function readIfFile(filePath: string): Promise<string | undefined> {
  try {
    return await fs.readFile(filePath, 'utf8');
  } catch {
    return undefined;
  }
}

export async function registerStatic(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'staticDir' | 'NODE_ENV'>; firstScreen?: FirstScreen },
): Promise<void> {
  const root = path.resolve(deps.config.staticDir);
  const indexHtml = path.join(root, 'index.html');

  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    preCompressed: true,
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(path.relative(root, filePath).split(path.sep).join('/')));
    },
  });

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const rawPath = request.url.split('?')[0] ?? '/';
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return sendError(reply, 400, 'invalid_request', 'The path is not valid URL encoding');
    }
    if (isServerPath(pathname)) return reply.callNotFound();

    // /app's rendered page comes from memory, rendered and compressed once per list and minute: no
    // file system work for the page most visits start with.
    const template = serverRenderedFor(pathname);
    const { firstScreen } = deps;
    if (firstScreen && template && acceptsHtml(request)) {
      const page = await firstScreen.app(() => readIfFile(path.join(root, template)));
      if (page)
        return sendEncoded(
          request,
          reply.type('text/html; charset=utf-8').header('Cache-Control', REVALIDATE_CACHE),
          page,
        );
    }

    if (!(await isFile(indexHtml))) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(MISSING_BUILD_MESSAGE);
    }

    const relative = pathname.replace(/^\/+/, '');
    // Source maps would hand out the app's source: kept out of production answers.
    if (deps.config.NODE_ENV === 'production' && relative.endsWith('.map')) return reply.callNotFound();
    const candidate = path.resolve(root, relative);
    const insideRoot = candidate.startsWith(root + path.sep);
    if (relative && insideRoot && (await isFile(candidate))) return reply.sendFile(relative);

    if (acceptsHtml(request)) {
      const shell = prerenderedShellFor(pathname);
      if (!shell || !(await isFile(path.join(root, shell)))) return reply.sendFile('index.html');
      return reply.sendFile(shell);
    }
    return reply.callNotFound();
  });
}
