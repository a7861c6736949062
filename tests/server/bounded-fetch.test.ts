/**
 * The bounded GET's promise: whatever the HTTP client does, the caller (a source's poll loop, which
 * runs one poll at a time) has an answer by the time limit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchJsonBounded, fetchTextBounded } from '../../server/feed/sources/bounded-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A body whose reads never settle and never see the abort. */
const deafBody = () =>
  new Response(
    new ReadableStream({
      pull: () => new Promise(() => undefined),
    }),
    { status: 200 },
  );

describe('a bounded GET', () => {
  it('answers "no complete answer" at its limit when the client never settles, even ignoring the abort', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    const started = Date.now();
    const result = await fetchTextBounded('http://127.0.0.1:9/never', { timeoutMs: 200, maxBytes: 1_000 });
    expect(result).toEqual({ ok: false, problem: 'no complete answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers at its limit when the body stops mid-way and its reads ignore the abort', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(deafBody()));
    const result = await fetchJsonBounded('http://127.0.0.1:9/stalls', { timeoutMs: 200, maxBytes: 1_000 });
    expect(result).toEqual({ ok: false, problem: 'no complete answer within 200 ms' });
  });

  it('still reads a whole document, and refuses one over its size', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"capacityRoutes": []}')));
    expect(await fetchJsonBounded('http://127.0.0.1:9/doc', { timeoutMs: 1_000, maxBytes: 1_000 })).toEqual({
      ok: true,
      body: { capacityRoutes: [] },
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('x'.repeat(2_000))));
    expect(await fetchTextBounded('http://127.0.0.1:9/big', { timeoutMs: 1_000, maxBytes: 1_000 })).toEqual({
      ok: false,
      problem: 'body over the 1000-byte limit',
    });
  });
});
