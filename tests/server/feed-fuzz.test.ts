/**
 * Fuzz: generated BC Ferries documents and AIS messages (fast-check) thrown at the real sources of a
 * real app (Fastify inject), through a local upstream. Whatever arrives, a poll never rejects, a
 * stream handler never throws, and /api/health, /api/sailings and /api/vessels still answer with
 * valid lists. The documents are the recorded day with one field replaced by something hostile
 * (wrong types, huge and negative numbers, absurd times and durations, deep nesting, `__proto__`
 * keys), or any JSON at all; the AIS messages are the real captured frames (tests/fixtures/ais/) mutated
 * the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sailingListSchema } from '@/domain/sailing';
import { vesselPositionListSchema } from '@/domain/vessel-position';

import { createAisSource, type AisSource } from '../../server/feed/sources/ais-source';
import { createBcFerriesSource, type BcFerriesSource } from '../../server/feed/sources/bcferries-source';
import { createTestApp, type TestApp } from '../kit/server/app';
import { startHostileUpstream, type HostileUpstream } from './support/hostile-upstream';

const NOW = Date.parse('2026-07-10T15:50:00-07:00');
const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8')) as unknown;
const DAY = read('../fixtures/bcferries/day.json') as Record<string, Record<string, unknown>[]>;
const AIS_FRAMES = [read('../fixtures/ais/queen-of-cowichan.json'), read('../fixtures/ais/position-report.json')];

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Values an upstream controls that have broken readers: each replaces one field. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '99999999999h',
    '-5h',
    '1e308',
    'NaN',
    'Infinity',
    '99:99 pm',
    '0:00 am',
    '12:60 pm',
    '9999-12-31 23:59:59 +0000 UTC',
    '0000-00-00 00:00:00',
    '',
    'Variable',
    '...',
    '\u0000',
    '@@@@@@@@@@@@@@@@@@@@',
    null,
    true,
    [],
    {},
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 31,
    -1,
    0,
    0.5,
  ),
  fc.string({ maxLength: 30 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999_999_999 }), fc.integer({ min: -99_999, max: 99_999 }))
    .map(([h, m]) => `${h}h ${m}m`),
  fc.integer({ min: 1, max: 3_000 }).map(nested),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true, "routeCode": "TSASWB"}}') as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The recorded day with one field of one route or sailing replaced (a real document's shape, one lie in it). */
const mutatedDocument: fc.Arbitrary<unknown> = fc
  .record({
    list: fc.constantFrom('capacityRoutes', 'nonCapacityRoutes'),
    route: fc.nat(),
    sailing: fc.option(fc.nat(), { nil: undefined }),
    key: fc.constantFrom(
      'routeCode',
      'fromTerminalCode',
      'toTerminalCode',
      'sailingDuration',
      'sailings',
      'time',
      'arrivalTime',
      'sailingStatus',
      'fill',
      'carFill',
      'oversizeFill',
      'vesselName',
      'vesselStatus',
      '__proto__',
    ),
    value: hostile,
  })
  .map(({ list, route, sailing, key, value }) => {
    const doc = structuredClone(DAY);
    const routes = doc[list] ?? [];
    const target = routes[route % Math.max(1, routes.length)];
    if (!target) return doc;
    const sailings = target.sailings as Record<string, unknown>[] | undefined;
    const into = sailing !== undefined && sailings?.length ? sailings[sailing % sailings.length] : target;
    if (into) Object.defineProperty(into, key, { value, enumerable: true, configurable: true, writable: true });
    return doc;
  });

const anyDocument: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: mutatedDocument },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc.record({ capacityRoutes: fc.array(hostile, { maxLength: 3 }), nonCapacityRoutes: hostile }),
  },
);

/** A real captured frame with one field of its envelope, metadata or report replaced, or any JSON. */
const anyAisMessage: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        frame: fc.constantFrom(...AIS_FRAMES),
        part: fc.constantFrom('top', 'MetaData', 'PositionReport'),
        key: fc.constantFrom(
          'MessageType',
          'MMSI',
          'ShipName',
          'time_utc',
          'Latitude',
          'Longitude',
          'Sog',
          'Cog',
          'TrueHeading',
          'NavigationalStatus',
          'Message',
          'MetaData',
          '__proto__',
        ),
        value: hostile,
      })
      .map(({ frame, part, key, value }) => {
        const message = structuredClone(frame) as Record<string, Record<string, Record<string, unknown>>>;
        const into =
          part === 'top'
            ? (message as Record<string, unknown>)
            : part === 'MetaData'
              ? message.MetaData
              : message.Message?.PositionReport;
        if (into) Object.defineProperty(into, key, { value, enumerable: true, configurable: true, writable: true });
        return message;
      }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.record({ error: hostile }) },
);

let upstream: HostileUpstream;
let t: TestApp;
let bc: BcFerriesSource;
let ais: AisSource;
const logged: string[] = [];
const log = { info: (m: string) => logged.push(m), warn: (m: string) => logged.push(m) };

beforeAll(async () => {
  upstream = await startHostileUpstream();
  upstream.answer({ kind: 'json', body: DAY });
  bc = createBcFerriesSource({ baseUrl: upstream.url, pollMs: 3_600_000, timeoutMs: 2_000, log, now: () => NOW });
  // A refused subscription is retried after 20 ms here (5 minutes in service) so the fuzz keeps going.
  ais = createAisSource({ url: upstream.wsUrl, apiKey: 'x', log, now: () => NOW, refusedBackoffMs: 20 });
  t = await createTestApp({ now: () => NOW, feedSources: [bc, ais] });
  t.feed.start();
  await bc.pollOnce();
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

async function serverAnswers(): Promise<number> {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const sailings = await t.app.inject({ method: 'GET', url: '/api/sailings' });
  expect(sailings.statusCode).toBe(200);
  const vessels = await t.app.inject({ method: 'GET', url: '/api/vessels' });
  expect(vessels.statusCode).toBe(200);
  vesselPositionListSchema.parse(vessels.json());
  return sailingListSchema.parse(sailings.json()).length;
}

describe('fuzzing the sources through a real app', () => {
  it('reads the recorded day first', async () => {
    expect(await serverAnswers()).toBeGreaterThan(0);
  });

  it('generated documents never make a poll reject or the API fail', async () => {
    await fc.assert(
      fc.asyncProperty(anyDocument, async (document) => {
        upstream.answer({ kind: 'text', body: JSON.stringify(document) ?? 'null' });
        await expect(bc.pollOnce()).resolves.toBeUndefined();
        t.feed.tick(NOW);
        await serverAnswers();
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    upstream.answer({ kind: 'json', body: DAY });
    await bc.pollOnce();
    expect(await serverAnswers()).toBeGreaterThan(0);
    expect(bc.health().failures).toBeGreaterThan(0);
  }, 240_000);

  it('generated AIS messages never make the stream handler throw or the API fail', async () => {
    await fc.assert(
      fc.asyncProperty(anyAisMessage, async (message) => {
        const before = ais.streamStatus().messages;
        upstream.frames([JSON.stringify(message) ?? 'null']);
        for (let i = 0; i < 200 && ais.streamStatus().messages === before; i += 1)
          await new Promise((r) => setTimeout(r, 5));
        t.feed.tick(NOW);
        await serverAnswers();
      }),
      { numRuns: 150 },
    );
    expect(ais.streamStatus().failures).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 240_000);
});
