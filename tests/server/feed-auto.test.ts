/**
 * FEED_SOURCE=auto, the default: BC Ferries first; the simulator only while BC Ferries has never
 * answered and has failed, saying why; real data as soon as it answers, without a restart, and then
 * nothing simulated presented as the real terminal's (cameras, lane counts, vessels). Also the feed
 * status (GET /api/feed/status) and the stale-document line. The stand-in for BC Ferries is a local
 * HTTP server on a port that is closed at first (unreachable), then answers a fixed document.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { feedStatusSchema, staleLine } from '@/domain/feed-status';
import { sailingListSchema } from '@/domain/sailing';
import { vesselPositionListSchema } from '@/domain/vessel-position';

import { loadConfig } from '../../server/config';
import { createBcFerriesSource, type BcFerriesSource } from '../../server/feed/sources/bcferries-source';
import type { FeedSource } from '../../server/feed/sources/feed-source';
import { feedSourcesFromConfig } from '../../server/feed/sources/from-config';
import { createTestApp, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 1:00 pm in Vancouver. */
const NOW = Date.parse('2026-07-10T13:00:00-07:00');
let clock = NOW;
const quiet = { info: () => undefined, warn: () => undefined };

/** A capacity route Horseshoe Bay - Langdale with these rows (times "1:20 pm", statuses as the scraper writes them). */
function documentWith(rows: Array<{ time: string; status: string; carFill?: number }>) {
  const sailing = (row: { time: string; status: string; carFill?: number }) => ({
    time: row.time,
    arrivalTime: '',
    sailingStatus: row.status,
    fill: row.carFill ?? 0,
    carFill: row.carFill ?? 0,
    oversizeFill: 0,
    vesselName: 'Queen of Surrey',
    vesselStatus: '',
  });
  return {
    capacityRoutes: [
      {
        routeCode: 'HSBLNG',
        fromTerminalCode: 'HSB',
        toTerminalCode: 'LNG',
        sailingDuration: '40m',
        sailings: rows.map(sailing),
      },
    ],
    nonCapacityRoutes: [],
  };
}

/** The stand-in: closed until `up()`, then answers `document` at /v2/. */
async function standIn() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  let document: unknown = documentWith([]);
  let server: http.Server | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    set(next: unknown) {
      document = next;
    },
    async up() {
      server = http.createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(document));
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async down() {
      if (!server) return;
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    },
  };
}

describe('FEED_SOURCE=auto (the default) with BC Ferries unreachable at start, then answering', () => {
  let t: TestApp;
  let bc: Awaited<ReturnType<typeof standIn>>;
  let bcferries: BcFerriesSource;
  beforeAll(async () => {
    bc = await standIn();
    const config = loadConfig({ BCFERRIES_API_URL: bc.url, BCFERRIES_POLL_S: '5' });
    expect(config.FEED_SOURCE).toBe('auto');
    const sources = feedSourcesFromConfig(config, quiet, () => clock);
    expect(sources.map((s) => [s.name, s.fallback === true])).toEqual([
      ['bcferries', false],
      ['simulator', true],
    ]);
    bcferries = sources[0] as BcFerriesSource;
    t = await createTestApp({ now: () => clock, feedSources: sources });
  });
  afterAll(async () => {
    await t?.close();
    await bc?.down();
  });
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
  const status = async () => feedStatusSchema.parse(await get('/api/feed/status'));

  it('shows nothing (not a simulated day) before BC Ferries has been tried', async () => {
    expect(await get('/api/sailings')).toEqual([]);
    expect((await status()).fallbackReason).toBeNull();
  });

  it('stands the simulator in once BC Ferries cannot be reached, saying why, in the status and the figures', async () => {
    await bcferries.pollOnce();
    t.feed.tick();
    const answer = await status();
    expect(answer.fallbackReason).toBe('BC Ferries could not be reached');
    expect(answer.simulatedLaneCounts).toBe(true);
    const [bcStatus, simulator] = answer.sources;
    expect(bcStatus).toMatchObject({ name: 'bcferries', inUse: false, simulated: false, lastSuccessAt: null });
    expect(bcStatus!.lastError?.message).toBeTruthy();
    expect(simulator).toMatchObject({ name: 'simulator', inUse: true, simulated: true });
    const sailings = sailingListSchema.parse(await get('/api/sailings'));
    expect(sailings.length).toBeGreaterThan(0);
    expect(new Set(sailings.map((s) => s.source))).toEqual(new Set(['simulator']));
    expect(vesselPositionListSchema.parse(await get('/api/vessels')).length).toBeGreaterThan(0);
  });

  it('switches to the real document as soon as BC Ferries answers, without a restart; nothing simulated stays', async () => {
    bc.set(
      documentWith([
        { time: '12:00 pm', status: 'past' },
        { time: '1:20 pm', status: 'future', carFill: 64 },
        { time: '3:40 pm', status: 'future', carFill: 12 },
      ]),
    );
    await bc.up();
    await bcferries.pollOnce();
    const answer = await status();
    expect(answer.fallbackReason).toBeNull();
    expect(answer.simulatedLaneCounts).toBe(false);
    expect(answer.sources.map((s) => [s.name, s.inUse])).toEqual([
      ['bcferries', true],
      ['simulator', false],
    ]);
    expect(answer.sources[0]!.lastSuccessAt).toBe(new Date(clock).toISOString());
    const sailings = sailingListSchema.parse(await get('/api/sailings'));
    expect(new Set(sailings.map((s) => s.source))).toEqual(new Set(['bcferries']));
    expect(sailings.find((s) => s.status === 'scheduled')?.carFill).toBe(64);
    // No simulated vessel stands in for a real one, no simulated camera or lane count for a real terminal.
    expect(await get('/api/vessels')).toEqual([]);
    expect(t.feed.queueCounts()).toEqual([]);
    expect(await get('/api/queue/detections')).toEqual({});
    const frame = await t.app.inject({ method: 'GET', url: '/api/cameras/hsb_entrance/frame' });
    expect([frame.statusCode, frame.json().error]).toEqual([404, 'no_camera_count']);
    expect(frame.json().message).toBe('No camera count is available for this terminal');
  });

  it('keeps the real data through a later outage: the simulator never comes back', async () => {
    await bc.down();
    clock = NOW + 60_000;
    await bcferries.pollOnce();
    t.feed.tick();
    const answer = await status();
    expect(answer.fallbackReason).toBeNull();
    expect(answer.sources[0]!.lastError?.at).toBe(new Date(clock).toISOString());
    expect(new Set(sailingListSchema.parse(await get('/api/sailings')).map((s) => s.source))).toEqual(
      new Set(['bcferries']),
    );
    await bc.up();
  });

  it('says the document is stale once a future sailing is long past and the document has not changed', async () => {
    clock = Date.parse('2026-07-10T14:30:00-07:00');
    await bcferries.pollOnce();
    t.feed.tick();
    const answer = await status();
    // The 1:20 pm sailing is still "future" at 2:30 pm; the document has not changed since 1:00 pm.
    expect(answer.sources[0]!.staleSince).toBe(new Date(NOW).toISOString());
    expect(staleLine(answer)).toBe('BC Ferries data not updated since 1:00 pm');

    bc.set(
      documentWith([
        { time: '12:00 pm', status: 'past' },
        { time: '1:58 pm', status: 'past' },
        { time: '3:40 pm', status: 'future', carFill: 30 },
      ]),
    );
    clock += 60_000;
    await bcferries.pollOnce();
    expect((await status()).sources[0]!.staleSince).toBeNull();
  });
});

describe('GET /api/feed/status', () => {
  it('lists every source auto runs with an AIS key, and never the key', async () => {
    const sources = feedSourcesFromConfig(
      loadConfig({ AIS_API_KEY: 'secret-ais-key-123', BCFERRIES_API_URL: 'http://127.0.0.1:9' }),
      quiet,
    );
    const t = await createTestApp({ feedSources: sources });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/feed/status' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret-ais-key-123');
      const answer = feedStatusSchema.parse(res.json());
      expect(answer.configured).toBe('bcferries,ais,simulator');
      const ais = answer.sources.find((s) => s.name === 'ais')!;
      expect(ais.mmsisSubscribed?.length).toBeGreaterThan(0);
      expect(ais.vesselsHeard).toEqual([]);
      const bcStatus = answer.sources.find((s) => s.name === 'bcferries')!;
      // Not reported by the document reader: present, null ("not reported").
      expect(bcStatus.rowsDropped).toBeNull();
      expect(bcStatus.routesDropped).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('under the simulator alone: simulated, in use, no fallback', async () => {
    const t = await createTestApp();
    try {
      const answer = feedStatusSchema.parse((await t.app.inject({ method: 'GET', url: '/api/feed/status' })).json());
      expect(answer).toMatchObject({ configured: 'simulator', fallbackReason: null, simulatedLaneCounts: true });
      expect(answer.sources).toHaveLength(1);
      expect(answer.sources[0]).toMatchObject({ name: 'simulator', simulated: true, inUse: true });
    } finally {
      await t.close();
    }
  });
});

describe('an explicit FEED_SOURCE list keeps working', () => {
  it('bcferries,simulator: the simulator never stands in for BC Ferries, and its vessels never appear', async () => {
    const bcSource: FeedSource = createBcFerriesSource({ baseUrl: 'http://127.0.0.1:9', pollMs: 60_000, log: quiet });
    const sources = feedSourcesFromConfig(
      loadConfig({ FEED_SOURCE: 'bcferries,simulator', BCFERRIES_API_URL: 'http://127.0.0.1:9' }),
      quiet,
    );
    expect(sources.map((s) => [s.name, s.fallback === true])).toEqual([
      ['bcferries', false],
      ['simulator', false],
    ]);
    const t = await createTestApp({ feedSources: [bcSource, ...sources.slice(1)] });
    try {
      await (bcSource as BcFerriesSource).pollOnce();
      t.feed.tick();
      expect(await t.app.inject({ method: 'GET', url: '/api/sailings' }).then((r) => r.json())).toEqual([]);
      expect(await t.app.inject({ method: 'GET', url: '/api/vessels' }).then((r) => r.json())).toEqual([]);
      expect(
        feedStatusSchema.parse((await t.app.inject({ method: 'GET', url: '/api/feed/status' })).json()).fallbackReason,
      ).toBeNull();
    } finally {
      await t.close();
    }
  });
});
