/**
 * /app as the server sends it: the build's page with the first screen rendered for this request and
 * the ferry and banner lists it was rendered from; the build's shell when there is no renderer or a render fails.
 * The renderer here is a stand-in that records its calls (the e2e tests load the built one).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bannerSchema, type Banner } from '@/domain/banner';
import type { Ferry } from '@/domain/ferry';
import { FIRST_SCREEN_DATA_ELEMENT_ID, firstScreenDataSchema } from '@/domain/first-screen-data';

import { BOARDING_RULE_BANNER_ROWS } from '../../server/db/seed-banners';
import {
  createFirstScreen,
  loadFirstScreenRenderer,
  rendererFileFor,
  withRootContent,
  type FirstScreen,
  type FirstScreenRenderer,
} from '../../server/http/first-screen';
import { pinnedTerminalOffset } from '../../server/time/terminal-zone';
import { createTestApp, type TestApp } from '../kit/server/app';

const page = (root: string, head = '') =>
  `<!doctype html><html><head>${head}<title>Deckhand</title></head><body>\n<div id="root">${root}</div>\n</body></html>`;
/** The shell the service worker answers with, and the page the server fills (its scripts start after the first paint). */
const APP_SHELL = page('<p>Loading ferry information...</p>');
const APP_SERVER_PAGE = page(
  '<p>Loading ferry information...</p>',
  '<script type="module" src="/assets/start-abc.js"></script>',
);

const FERRY: Ferry = {
  id: 'queen-of-capilano',
  name: 'Queen of Capilano',
  route: 'Horseshoe Bay - Snug Cove',
  departureTime: '2026-11-25T13:10:00.000Z',
  capacity: 457,
  currentPassengers: 0,
  currentVehicles: 0,
  vehicleCapacity: 100,
  status: 'docked',
  speed: 0,
  terminalId: 'horseshoe-bay',
};

/** A banner as the server reads it: the seeded boarding-rule banner, without its sort order. */
const { sortOrder: _sortOrder, ...seeded } = BOARDING_RULE_BANNER_ROWS[0]!;
const BANNER: Banner = bannerSchema.parse(seeded);
const banners = async () => [BANNER];

/** The first screen's data as the HTML embeds it for the app's first render. */
function embeddedData(html: string | undefined) {
  const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ELEMENT_ID}">(.*?)</script>`).exec(
    html ?? '',
  );
  return firstScreenDataSchema.parse(JSON.parse(block![1]!));
}

interface RenderCall {
  path: string;
  live: Parameters<FirstScreenRenderer['renderShell']>[1];
}

function recordingRenderer(
  html = (call: RenderCall) => `<p>Departs at ${call.live.data.ferries[0]?.departureTime}</p>`,
) {
  const calls: RenderCall[] = [];
  const renderer: FirstScreenRenderer = {
    async renderShell(pagePath, live) {
      const call = { path: pagePath, live };
      calls.push(call);
      return html(call);
    },
  };
  return { renderer, calls };
}

const silentLog = { warn: () => undefined };

/** /app's page as the first screen makes it from the build's page, as text. */
const htmlOf = async (firstScreen: FirstScreen, template: string | undefined = APP_SERVER_PAGE) =>
  (await firstScreen.app(async () => template))?.identity.toString();

describe('withRootContent', () => {
  it('puts the HTML into #root and the data right behind it, leaving the rest of the page as it was', () => {
    const html = withRootContent(
      APP_SERVER_PAGE,
      '<h1>Next Ferry</h1>',
      '<script type="application/json" id="x">{}</script>',
    );
    expect(html).toBe(
      page('<h1>Next Ferry</h1>', '<script type="module" src="/assets/start-abc.js"></script>').replace(
        '</div>\n</body>',
        '</div><script type="application/json" id="x">{}</script>\n</body>',
      ),
    );
  });

  it('keeps nested elements of the rendered screen intact', () => {
    const html = withRootContent(page('<div><div>old</div></div>'), '<div><div>new</div></div>');
    expect(html).toContain('<div id="root"><div><div>new</div></div></div>');
    expect(html).not.toContain('old');
  });

  it('refuses a page without #root', () => {
    expect(() => withRootContent('<html><body></body></html>', '<p>x</p>')).toThrow(/#root/);
  });
});

describe('createFirstScreen', () => {
  it("renders /app with the feed's list, the banners, the instant and the server's pinned zone offset, and sends both lists in the page", async () => {
    const { renderer, calls } = recordingRenderer();
    const now = Date.parse('2026-11-25T11:00:30Z');
    const firstScreen = createFirstScreen({
      renderer,
      ferries: () => [FERRY],
      banners,
      now: () => now,
      log: silentLog,
    });
    const html = await htmlOf(firstScreen);

    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/app');
    expect(calls[0]!.live.now).toBe(now);
    // The server's pinned zone, not Node's older one: UTC−7 in November 2026 as in July.
    const july = Date.parse('2026-07-01T12:00:00Z');
    const { zoneOffset } = calls[0]!.live;
    expect([zoneOffset(now), zoneOffset(july)]).toEqual([pinnedTerminalOffset(now), pinnedTerminalOffset(july)]);
    expect([zoneOffset(now), zoneOffset(july)]).toEqual([-7 * 3_600_000, -7 * 3_600_000]);
    expect(calls[0]!.live.data).toEqual({ ferries: [FERRY], fetchedAt: now, banners: [BANNER], renderedAt: now });
    expect(html).toContain('<div id="root"><p>Departs at 2026-11-25T13:10:00.000Z</p></div>');
    expect(embeddedData(html)).toEqual({
      ferries: [FERRY],
      fetchedAt: now,
      banners: [BANNER],
      renderedAt: now,
    });
  });

  it('reads the banners for each render, and renders the sailing without them, saying why, when they cannot be read', async () => {
    const { renderer, calls } = recordingRenderer();
    const warnings: unknown[] = [];
    let now = Date.parse('2026-11-25T11:00:05Z');
    let read: () => Promise<Banner[]> = async () => [BANNER];
    const firstScreen = createFirstScreen({
      renderer,
      ferries: () => [FERRY],
      banners: () => read(),
      now: () => now,
      log: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
    await htmlOf(firstScreen);
    read = async () => [{ ...BANNER, title: 'Edited by an administrator' }];
    now += 60_000;
    await htmlOf(firstScreen);
    expect(calls[1]!.live.data.banners?.[0]?.title).toBe('Edited by an administrator');

    read = () => Promise.reject(new Error('the database is down'));
    now += 60_000;
    const html = await htmlOf(firstScreen);
    expect(html).toContain('<div id="root"><p>Departs at 2026-11-25T13:10:00.000Z</p></div>');
    expect(calls[2]!.live.data).toEqual({ ferries: [FERRY], fetchedAt: now, banners: undefined, renderedAt: now });
    expect(embeddedData(html)).toEqual({
      ferries: [FERRY],
      fetchedAt: now,
      renderedAt: now,
    });
    expect(JSON.stringify(warnings)).toContain('Reading the banners');
  });

  it('renders once per list and minute', async () => {
    const { renderer, calls } = recordingRenderer();
    let now = Date.parse('2026-11-25T11:00:05Z');
    let ferries: readonly Ferry[] = [FERRY];
    const firstScreen = createFirstScreen({
      renderer,
      ferries: () => ferries,
      banners,
      now: () => now,
      log: silentLog,
    });

    await htmlOf(firstScreen);
    now += 20_000;
    await htmlOf(firstScreen);
    expect(calls).toHaveLength(1);

    now += 40_000; // the next minute: the countdowns on the card have changed
    await htmlOf(firstScreen);
    expect(calls).toHaveLength(2);

    ferries = [{ ...FERRY, currentVehicles: 40 }]; // the feed changed the list
    await htmlOf(firstScreen);
    expect(calls).toHaveLength(3);
    expect(calls[2]!.live.data.ferries[0]!.currentVehicles).toBe(40);
  });

  it('shares one render between requests that arrive while it runs, and tries again after a failed one', async () => {
    let calls = 0;
    let fail = true;
    const renderer: FirstScreenRenderer = {
      async renderShell() {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (fail) throw new Error('a component threw');
        return '<p>ok</p>';
      },
    };
    const list = [FERRY]; // the feed hands out one array until the list changes
    const firstScreen = createFirstScreen({ renderer, ferries: () => list, banners, log: silentLog });
    const pages = await Promise.all([htmlOf(firstScreen), htmlOf(firstScreen), htmlOf(firstScreen)]);
    expect(calls).toBe(1);
    expect(pages).toEqual([APP_SERVER_PAGE, APP_SERVER_PAGE, APP_SERVER_PAGE]);
    fail = false;
    expect(await htmlOf(firstScreen)).toContain('<div id="root"><p>ok</p></div>');
    expect(calls).toBe(2);
  });

  it('escapes "<" in the list, so no text in it can end the data block', async () => {
    const { renderer } = recordingRenderer(() => '<p>x</p>');
    const sneaky = { ...FERRY, name: '</script><script>alert(1)</script>' };
    const firstScreen = createFirstScreen({ renderer, ferries: () => [sneaky], banners, log: silentLog });
    const html = await htmlOf(firstScreen);
    expect(html).not.toContain('</script><script>alert(1)');
    const block = new RegExp(
      `<script type="application/json" id="${FIRST_SCREEN_DATA_ELEMENT_ID}">(.*?)</script>`,
    ).exec(html ?? '');
    expect(JSON.parse(block![1]!).ferries[0].name).toBe(sneaky.name);
  });

  it('answers with the page unchanged, and says why, when a render fails', async () => {
    const warnings: unknown[] = [];
    const renderer: FirstScreenRenderer = {
      renderShell: () => Promise.reject(new Error('a component threw')),
    };
    const firstScreen = createFirstScreen({
      renderer,
      ferries: () => [FERRY],
      banners,
      log: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
    expect(await htmlOf(firstScreen)).toBe(APP_SERVER_PAGE);
    expect(JSON.stringify(warnings)).toContain('Rendering /app');
  });
});

describe('loadFirstScreenRenderer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-renderer-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('looks beside the static root: <project>/dist-ssr/first-screen.js for <project>/dist', () => {
    expect(rendererFileFor('/srv/deckhand/dist')).toBe(path.join('/srv/deckhand', 'dist-ssr', 'first-screen.js'));
  });

  it('loads a built renderer', async () => {
    const file = path.join(dir, 'first-screen.js');
    await fs.writeFile(file, 'export async function renderShell(path) { return `<p>${path}</p>`; }\n');
    const loaded = await loadFirstScreenRenderer(file);
    expect('renderer' in loaded && (await loaded.renderer.renderShell('/app', {} as never))).toBe('<p>/app</p>');
  });

  it('says why there is none: not built, or not a renderer', async () => {
    expect(await loadFirstScreenRenderer(path.join(dir, 'missing.js'))).toEqual({
      problem: expect.stringMatching(/No first-screen renderer.*npm run build/),
    });
    const other = path.join(dir, 'other.js');
    await fs.writeFile(other, 'export const nothing = 1;\n');
    expect(await loadFirstScreenRenderer(other)).toEqual({
      problem: expect.stringMatching(/did not load.*renderShell/),
    });
  });
});

describe('GET /app with a renderer', () => {
  let staticDir: string;
  let t: TestApp;
  const { renderer, calls } = recordingRenderer();
  /** The app's clock: a new minute makes a new page. */
  let clock = Date.parse('2026-11-25T19:00:10Z');

  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-static-'));
    await fs.mkdir(path.join(staticDir, 'shells'));
    await fs.writeFile(path.join(staticDir, 'index.html'), page(''));
    await fs.writeFile(path.join(staticDir, 'shells', 'app.html'), APP_SHELL);
    await fs.writeFile(path.join(staticDir, 'shells', 'app.server.html'), APP_SERVER_PAGE);
    await fs.writeFile(path.join(staticDir, 'shells', 'landing.html'), page('<h1>Know your place</h1>'));
    t = await createTestApp({ staticDir, firstScreenRenderer: renderer, now: () => clock });
    t.feed.tick(clock);
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  const navigate = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it.each([['/app'], ['/app/']])(
    "answers %s with the server's page, the next sailing rendered in, never cached as is",
    async (url) => {
      const res = await navigate(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<script type="module" src="/assets/start-abc.js"></script>');
      expect(res.body).toContain(`<div id="root"><p>Departs at ${t.feed.current()[0]!.departureTime}</p></div>`);
      expect(res.body).toContain(`id="${FIRST_SCREEN_DATA_ELEMENT_ID}"`);
      expect(calls.at(-1)!.live.data.ferries).toEqual(t.feed.current());
      // The banners are the ones GET /api/banners answers, in its order.
      const riderBanners = (await t.app.inject({ method: 'GET', url: '/api/banners' })).json<Banner[]>();
      expect(riderBanners.length).toBeGreaterThan(0);
      expect(calls.at(-1)!.live.data.banners).toEqual(riderBanners);
    },
  );

  it('sends the same page brotli- or gzip-compressed to a client that accepts it, saying so, and plain to one that does not', async () => {
    const plain = await navigate('/app');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('<p>Departs at ');

    const br = await navigate('/app', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await navigate('/app', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // "br;q=0" refuses brotli.
    const refused = await navigate('/app', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('tags each encoding, answers a request for the page it already has with 304 and no body, and a changed page with 200', async () => {
    const first = await navigate('/app', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await navigate('/app', { 'accept-encoding': 'gzip' })).headers.etag).not.toBe(etag);

    const again = await navigate('/app', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');

    clock += 60_000; // a minute on: the countdowns differ, so does the page
    const later = await navigate('/app', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(later.rawPayload).toString()).toContain('<p>Departs at ');
  });

  it('renders and compresses once per list and minute, however many ask', async () => {
    clock += 60_000;
    const before = calls.length;
    const pages = await Promise.all(Array.from({ length: 5 }, () => navigate('/app', { 'accept-encoding': 'br' })));
    expect(calls.length).toBe(before + 1);
    expect(new Set(pages.map((p) => p.headers.etag)).size).toBe(1);
  });

  it('leaves the other pages as the build made them', async () => {
    expect((await navigate('/landing')).body).toBe(page('<h1>Know your place</h1>'));
    expect((await navigate('/app/tracker')).body).toBe(page(''));
    expect((await navigate('/shells/app.html')).body).toBe(APP_SHELL);
  });

  it("falls back to the build's shell when the build has no page for the server to fill (read with each render)", async () => {
    await fs.rm(path.join(staticDir, 'shells', 'app.server.html'));
    try {
      clock += 60_000;
      expect((await navigate('/app')).body).toBe(APP_SHELL);
    } finally {
      await fs.writeFile(path.join(staticDir, 'shells', 'app.server.html'), APP_SERVER_PAGE);
    }
    expect((await navigate('/app')).body).toContain('<p>Departs at ');
  });
});
