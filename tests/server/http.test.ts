import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { complaintInputSchema } from '@/domain/complaint';

import { createTestApp, type TestApp } from '../kit/server/app';

const INDEX_HTML = '<!doctype html><html><head><title>Deckhand</title></head><body><div id="root"></div></body></html>';
/** What the build prerenders for /app and /landing (scripts/prerender-shells.ts). */
const APP_SHELL_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Deckhand</h1></div>');
const LANDING_SHELL_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Know your place</h1></div>');
let staticDir: string;
const BIG_ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
let t: TestApp;

beforeAll(async () => {
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-static-'));
  await fs.mkdir(path.join(staticDir, 'assets'));
  await fs.writeFile(path.join(staticDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(staticDir, 'assets', 'index-B7x9Qa1c.js'), 'console.log("app");');
  await fs.writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  await fs.writeFile(path.join(staticDir, 'workbox-5a2c9f1e.js'), '/* workbox */');
  await fs.writeFile(path.join(staticDir, 'manifest.webmanifest'), '{"name":"Deckhand"}');
  await fs.writeFile(path.join(staticDir, '.env'), 'SECRET=1');
  await fs.mkdir(path.join(staticDir, 'shells'));
  await fs.writeFile(path.join(staticDir, 'shells', 'app.html'), APP_SHELL_HTML);
  await fs.writeFile(path.join(staticDir, 'shells', 'landing.html'), LANDING_SHELL_HTML);
  // What the build writes beside each text asset (vite.config.ts): brotli and gzip copies.
  await fs.writeFile(path.join(staticDir, 'assets', 'big-C0mpr3ss.js'), BIG_ASSET);
  await fs.writeFile(path.join(staticDir, 'assets', 'big-C0mpr3ss.js.br'), brotliCompressSync(BIG_ASSET));
  await fs.writeFile(path.join(staticDir, 'assets', 'big-C0mpr3ss.js.gz'), gzipSync(BIG_ASSET));
  t = await createTestApp({
    staticDir,
    // A route that lets a shared (zod/mini) schema throw, as a future route might.
    setup: (app) => {
      app.post('/api/test/throwing-parse', async (request) => complaintInputSchema.parse(request.body));
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(staticDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });

describe('GET /api/health', () => {
  it('reports ok with the database kind and uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'pglite', uptimeSeconds: expect.any(Number) });
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/complaints/12'],
    ['GET', '/api'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: `No route for ${method} ${url}` });
  });
});

describe('a schema error thrown by a route', () => {
  it('answers 400 with what is wrong, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/throwing-parse',
      payload: { category: 'weather' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      message: expect.stringMatching(/category.*description is required/),
    });
  });
});

describe('compression', () => {
  const getEncoded = (url: string, encoding: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'accept-encoding': encoding } });

  it('sends the precompressed brotli copy of a built asset to a client that accepts brotli', async () => {
    const res = await getEncoded('/assets/big-C0mpr3ss.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_ASSET);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await getEncoded('/assets/big-C0mpr3ss.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_ASSET);
    const plain = await getEncoded('/assets/big-C0mpr3ss.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('compresses API JSON', async () => {
    const res = await getEncoded('/api/ferries', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(res.rawPayload).toString()))).toBe(true);
  });
});

describe('static PWA', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const res = await get('/assets/index-B7x9Qa1c.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it.each([['/sw.js'], ['/workbox-5a2c9f1e.js'], ['/manifest.webmanifest'], ['/index.html']])(
    'serves %s with no-cache',
    async (url) => {
      const res = await get(url, '*/*');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([['/'], ['/app/tracker'], ['/app/settings'], ['/admin/login'], ['/no/such/page']])(
    'answers the navigation %s with index.html (SPA fallback, no-cache)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it.each([
    ['/app', APP_SHELL_HTML],
    ['/app/', APP_SHELL_HTML],
    ['/landing', LANDING_SHELL_HTML],
  ])('answers the navigation %s with its prerendered first screen (no-cache)', async (url, html) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(html);
  });

  it('does not answer a missing asset with index.html', async () => {
    const res = await get('/assets/missing-123.js', '*/*');
    expect(res.statusCode).toBe(404);
  });

  it('does not serve dotfiles or paths outside the build', async () => {
    expect((await get('/.env', '*/*')).statusCode).toBe(404);
    const traversal = await get('/assets/..%2f..%2fetc%2fpasswd', '*/*');
    expect(traversal.statusCode).toBe(404);
    expect(traversal.body).not.toContain('root:');
  });

  it('does not hand /ws to the SPA fallback', async () => {
    const res = await get('/ws/other');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });
});
