/**
 * A body encoded once and sent many times (server/http/encoded-body.ts): which encoding a request
 * gets, which If-None-Match headers name the body, and that one object's body is made once.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

import { chooseEncoding, encodeBody, encodedOnce, matchesEtag } from '../../server/http/encoded-body';

describe('encodeBody', () => {
  it('holds the text as is, brotli and gzip, each decompressing to the text, with one tag per encoding', async () => {
    const text = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: `ferry-${i}`, name: 'Queen of Surrey' })));
    const body = await encodeBody(text);
    expect(body.identity.toString()).toBe(text);
    expect(brotliDecompressSync(body.br).toString()).toBe(text);
    expect(gunzipSync(body.gzip).toString()).toBe(text);
    expect(body.br.length).toBeLessThan(body.identity.length);
    expect(new Set(Object.values(body.etags)).size).toBe(3);
    expect((await encodeBody(text)).etags).toEqual(body.etags);
    expect((await encodeBody(`${text} `)).etags.br).not.toBe(body.etags.br);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
  ] as const)('Accept-Encoding %j gets %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  it('matches any encoding of the body, weak or strong, in a list, and "*"', async () => {
    const body = await encodeBody('{"a":1}');
    expect(matchesEtag(undefined, body)).toBe(false);
    expect(matchesEtag(body.etags.br, body)).toBe(true);
    expect(matchesEtag(`W/${body.etags.gzip}`, body)).toBe(true);
    expect(matchesEtag(`"other", ${body.etags.identity}`, body)).toBe(true);
    expect(matchesEtag('*', body)).toBe(true);
    expect(matchesEtag('"other"', body)).toBe(false);
  });
});

describe('encodedOnce', () => {
  it('makes one body per object, shared by every caller also while it is made, and a new one for a new object', async () => {
    let serialised = 0;
    const bodyOf = encodedOnce((list: readonly number[]) => {
      serialised += 1;
      return JSON.stringify(list);
    });
    const list = Object.freeze([1, 2, 3]);
    const [a, b] = await Promise.all([bodyOf(list), bodyOf(list)]);
    expect(a).toBe(b);
    expect(await bodyOf(list)).toBe(a);
    expect(serialised).toBe(1);
    expect((await bodyOf([1, 2, 3])).etags).toEqual(a.etags);
    expect(serialised).toBe(2);
  });

  it('tries again after a failure', async () => {
    let fail = true;
    const bodyOf = encodedOnce((_key: object) => {
      if (fail) throw new Error('not serialisable');
      return 'ok';
    });
    const key = {};
    await expect(bodyOf(key)).rejects.toThrow('not serialisable');
    fail = false;
    expect((await bodyOf(key)).identity.toString()).toBe('ok');
  });
});
