/**
 * Property-based fuzzing (fast-check) over every route the app registers (its onRoute table): random
 * path parameters, query strings and bodies, with and without a session. Whatever arrives, the
 * answer is never a 5xx, and every 4xx is JSON `{error, message}`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newRiderCookie, useTestApp } from './test-app';

const t = useTestApp();

/** Runs per route; the route count times this is the number of cases. */
const RUNS_PER_ROUTE = 30;
/** The built app's catch-all is not an API route (without a build it answers 503 by design). */
const SKIPPED = new Set(['GET /*']);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000', '%00', '2147483648', '-1', '0', '1e309', 'NaN', '../../etc/passwd', '%E0%A4%A', '__proto__', ' '),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

const bodyArb = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom('category', 'description', 'items', 'order', 'endpoint', 'keys', 'id', 'ferryId', 'gps', 'message', 'status', 'photoBase64', 'reportedPosition', 'estimatedBoardingTime', 'bufferTime', 'departureLocation', '__proto__'),
    fc.oneof(nasty, fc.jsonValue(), fc.array(fc.dictionary(fc.constantFrom('storeItemId', 'quantity', 'lat', 'lng'), fc.jsonValue()))),
  ),
  fc.constant(undefined),
);

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
}

describe('fuzzing every route', () => {
  it('never answers 5xx, and every 4xx is JSON {error, message}', async () => {
    const cookie = await newRiderCookie(t.app);
    const routes = t.app.routeTable.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(20);
    let cases = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(nasty, { minLength: 1, maxLength: 3 }),
          fc.dictionary(fc.constantFrom('t', 'limit', 'terminal', 'id', 'q'), nasty, { maxKeys: 2 }),
          bodyArb,
          fc.boolean(),
          fc.boolean(),
          async (params, query, body, withSession, withKey) => {
            cases += 1;
            const search = new URLSearchParams(query).toString();
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE' ? body !== undefined : false;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: `${fillPath(route.url, params)}${search ? `?${search}` : ''}`,
              headers: {
                ...(withSession ? { cookie } : {}),
                ...(withKey ? { 'idempotency-key': `fuzz-${cases}-${Math.random().toString(36).slice(2)}` } : {}),
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(hasBody ? { payload: JSON.stringify(body) } : {}),
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
    console.info(`fuzzed ${routes.length} routes with ${cases} cases`);
  }, 600_000);
});
