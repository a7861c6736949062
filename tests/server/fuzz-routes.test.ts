/**
 * Property-based fuzzing (fast-check) over every route the app registers (its onRoute table): random
 * path parameters (some with the path's letters percent-encoded), query strings and bodies (deep
 * nesting and wide arrays included), with and without a session and an Idempotency-Key. Whatever
 * arrives, the answer is never a 5xx, and every 4xx is JSON `{error, message}`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { asGuest, asRider } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp();

/** Runs per route; the route count times this is the number of cases. */
const RUNS_PER_ROUTE = 30;
/** The built app's catch-all is not an API route (without a build it answers 503 by design). */
const SKIPPED = new Set(['GET /*']);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '\u0000',
    '%00',
    '2147483648',
    '-1',
    '0',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '%E0%A4%A',
    '__proto__',
    ' ',
  ),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

/** Numbers past int4 and dates no database column or sailing holds (year 0, year 9999). */
const outOfRange = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 53,
  -(2 ** 31) - 1,
  1e308,
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00+14:00',
);

/** A JSON text sent as it is, named short in counterexamples (it can be many kilobytes long). */
interface RawJson {
  raw: string;
}
function rawJson(name: string, raw: string): RawJson {
  return { raw, [fc.toStringMethod]: () => name } as RawJson;
}

/** Arrays or objects nested up to 6,000 deep around a value (the probe's 4,500-deep body). */
const deepArb = fc
  .tuple(fc.integer({ min: 1, max: 6000 }), fc.boolean())
  .map(([depth, asObject]) =>
    rawJson(
      `${asObject ? 'objects' : 'arrays'} ${depth} deep`,
      asObject
        ? `${'{"description":'.repeat(depth)}"x"${'}'.repeat(depth)}`
        : `{"description":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    ),
  );

/** One level holding up to 5,000 siblings: wide is fine, deep is not. */
const wideArb = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom('[]', '{}', '"x"', '0', 'null'))
  .map(([width, item]) =>
    rawJson(`${width} × ${item}`, `{"description":[${Array.from({ length: width }, () => item).join(',')}]}`),
  );

const bodyArb = fc.oneof(
  fc.jsonValue(),
  deepArb,
  wideArb,
  fc.dictionary(
    fc.constantFrom(
      'category',
      'description',
      'items',
      'order',
      'endpoint',
      'keys',
      'id',
      'ferryId',
      'gps',
      'message',
      'status',
      'photoBase64',
      'reportedPosition',
      'estimatedBoardingTime',
      'bufferTime',
      'departureLocation',
      'photoId',
      'userId',
      'departureTime',
      'targetDeparture',
      'startsAt',
      'endsAt',
      '__proto__',
    ),
    fc.oneof(
      nasty,
      outOfRange,
      fc.jsonValue(),
      fc.array(fc.dictionary(fc.constantFrom('storeItemId', 'quantity', 'lat', 'lng'), fc.jsonValue())),
    ),
  ),
  fc.constant(undefined),
);

function isRaw(body: unknown): body is RawJson {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { raw?: unknown }).raw === 'string' &&
    fc.toStringMethod in body
  );
}

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
}

/** The same path with letters of its fixed parts percent-encoded (`/%61pi/ferries`), as the router still reads it. */
function encodeLetters(path: string, which: number): string {
  let seen = 0;
  return path.replace(/(%[0-9A-Fa-f]{2})|[a-z]/g, (match, escape: string | undefined) => {
    if (escape) return escape;
    seen += 1;
    return seen % 3 === which % 3 ? `%${match.charCodeAt(0).toString(16)}` : match;
  });
}

describe('fuzzing every route', () => {
  it('never answers 5xx, and every 4xx is JSON {error, message}', async () => {
    const routes = t.app.routeTable.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(20);
    let cases = 0;
    for (const route of routes) {
      // A rider of its own for each route: the sign-out route's cases end only that route's session.
      const rider = await asRider(t);
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: 1, maxLength: 3 }),
          fc.dictionary(fc.constantFrom('t', 'limit', 'terminal', 'id', 'q'), nasty, { maxKeys: 2 }),
          bodyArb,
          fc.boolean(),
          fc.boolean(),
          fc.option(fc.nat(), { nil: undefined }),
          async (params, query, body, withSession, withKey, encodeWhich) => {
            cases += 1;
            const search = new URLSearchParams(query).toString();
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE' ? body !== undefined : false;
            const filled = fillPath(route.url, params);
            // A copy of the rider, so a sign-out case leaves the next case the same cookie.
            const caller = withSession ? rider.on(t.app) : asGuest(t);
            const res = await caller.inject({
              method: route.method as 'GET',
              url: `${encodeWhich === undefined ? filled : encodeLetters(filled, encodeWhich)}${search ? `?${search}` : ''}`,
              headers: {
                ...(withKey ? { 'idempotency-key': `fuzz-${cases}-${Math.random().toString(36).slice(2)}` } : {}),
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(hasBody ? { payload: isRaw(body) ? body.raw : JSON.stringify(body) } : {}),
            });
            const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(String(res.headers['content-type']), where).toContain('application/json');
              const parsed = res.json() as { error?: unknown; message?: unknown };
              expect(typeof parsed.error, where).toBe('string');
              expect(typeof parsed.message, where).toBe('string');
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    console.info(`fuzzed ${routes.length} routes with ${cases} cases, 0 answered 5xx`);
  }, 600_000);
});
