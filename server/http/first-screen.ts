/**
 * /app's first screen rendered per request with the server's sailings and banners, so a first visit
 * paints the next sailing (departs in, car deck, sailing waits) and the announcements from the HTML
 * alone, before any script has arrived; the build's shell can only say "Loading ferry information...".
 *
 * The renderer is src/app/prerender.tsx as the build bundles it for Node (FIRST_SCREEN_RENDERER, next
 * to the static root), the same code that renders the shells: the components stay in the client's
 * source, and the server only loads the built file. It renders the terminal a new rider starts with,
 * at the server's clock with its pinned zone data (server/time/terminal-zone.ts). The page carries
 * both lists in a data block that the app's first render takes (src/app/first-screen-data.ts).
 *
 * One render per ferry list and minute, compressed once (brotli and gzip, with their ETags: see
 * ./encoded-body.ts): the feed hands out the same list until it changes, and the countdowns on the
 * card are whole minutes. The build's page is read with each render, so a new build is served within
 * a minute. The banners are read for each render, so an
 * administrator's change shows in the page within a minute (the app's pull has it at once); if they
 * cannot be read, the page has its sailing and the strip's reserved room. Without a renderer (an
 * older build, or one that fails to load) or if a render fails, the page is the build's shell.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

import type { Banner } from '@/domain/banner';
import type { Ferry } from '@/domain/ferry';
import { firstScreenDataScript, type FirstScreenData, type LiveRender } from '@/domain/first-screen-data';
import { FIRST_SCREEN_RENDERER } from '@/domain/prerendered-shells';

import { pinnedTerminalOffset } from '../time/terminal-zone';
import { encodeBody, type EncodedBody } from './encoded-body';

/** The part of src/app/prerender.tsx's bundle the server calls. */
export interface FirstScreenRenderer {
  renderShell(path: string, live: LiveRender): Promise<string>;
}

export interface FirstScreen {
  /**
   * /app's page for now, encoded for sending: the build's page (read by `readTemplate` for each
   * render; undefined when the build has none) with the first screen rendered in, or unchanged if the
   * render fails. Undefined when there is no page to fill: the caller sends the build's shell.
   */
  app(readTemplate: () => Promise<string | undefined>): Promise<EncodedBody | undefined>;
}

/** The renderer built beside the static root `staticDir` (<project>/dist → <project>/dist-ssr). */
export function rendererFileFor(staticDir: string): string {
  return path.join(path.dirname(path.resolve(staticDir)), FIRST_SCREEN_RENDERER.dir, FIRST_SCREEN_RENDERER.file);
}

/** Loads the built renderer: the renderer, or why there is none (the app then serves the build's shell). */
export async function loadFirstScreenRenderer(
  file: string,
): Promise<{ renderer: FirstScreenRenderer } | { problem: string }> {
  try {
    await fs.access(file);
  } catch {
    return {
      problem: `No first-screen renderer at ${file} (npm run build makes it): /app is served as the build's shell`,
    };
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<FirstScreenRenderer>;
    if (typeof module.renderShell !== 'function') throw new Error('it exports no renderShell');
    return { renderer: module as FirstScreenRenderer };
  } catch (error) {
    return {
      problem: `The first-screen renderer at ${file} did not load (${String(error)}): /app is served as the build's shell`,
    };
  }
}

/**
 * The shell `html` with `rootHtml` as #root's content and `after` right behind #root. #root is the
 * body's only element (index.html), so its content ends at the last "</div>" before "</body>".
 */
export function withRootContent(html: string, rootHtml: string, after = ''): string {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  const bodyEnd = html.lastIndexOf('</body>');
  const end = html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || end < start) throw new Error('The shell has no #root in its body');
  return `${html.slice(0, start + open.length)}${rootHtml}</div>${after}${html.slice(end + '</div>'.length)}`;
}

const MINUTE_MS = 60_000;

export function createFirstScreen(deps: {
  renderer: FirstScreenRenderer;
  ferries: () => readonly Ferry[];
  /** The active banners (server/routes/banners.ts). */
  banners: () => Promise<Banner[]>;
  now?: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): FirstScreen {
  const now = deps.now ?? Date.now;
  // The latest page, rendered and compressed, shared by every request for the same list and minute,
  // also while it is being made: a request between two changes costs no rendering and no compressing.
  let last: { ferries: readonly Ferry[]; minute: number; page: Promise<EncodedBody | undefined> } | undefined;

  /** The banners, or none known if they cannot be read: the page still has its sailing. */
  async function banners(): Promise<Banner[] | undefined> {
    try {
      return await deps.banners();
    } catch (error) {
      deps.log.warn({ err: error }, "Reading the banners for /app's first screen failed: rendered without them");
      return undefined;
    }
  }

  async function renderAt(html: string, ferries: readonly Ferry[], at: number): Promise<string> {
    const data: FirstScreenData = { ferries: [...ferries], fetchedAt: at, banners: await banners(), renderedAt: at };
    const root = await deps.renderer.renderShell('/app', { data, now: at, zoneOffset: pinnedTerminalOffset });
    return withRootContent(html, root, firstScreenDataScript(data));
  }

  /** The page, and whether it may be reused (not after a failed render, nor without a page to fill). */
  async function make(
    readTemplate: () => Promise<string | undefined>,
    ferries: readonly Ferry[],
    at: number,
  ): Promise<{ page?: EncodedBody; reuse: boolean }> {
    const html = await readTemplate();
    if (html === undefined) return { reuse: false };
    try {
      return { page: await encodeBody(await renderAt(html, ferries, at)), reuse: true };
    } catch (error) {
      deps.log.warn({ err: error }, "Rendering /app's first screen failed: served the build's shell");
      return { page: await encodeBody(html), reuse: false };
    }
  }

  return {
    app(readTemplate) {
      const ferries = deps.ferries();
      const at = now();
      const minute = Math.floor(at / MINUTE_MS);
      if (last?.ferries === ferries && last.minute === minute) return last.page;
      const made = make(readTemplate, ferries, at);
      const entry = { ferries, minute, page: made.then((m) => m.page) };
      last = entry;
      // A failed render is not reused: the next request tries again.
      const forget = () => {
        if (last === entry) last = undefined;
      };
      made.then((m) => (m.reuse ? undefined : forget()), forget);
      return entry.page;
    },
  };
}
