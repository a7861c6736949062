/**
 * Every API route is registered from a contract (src/domain/contracts/), and the OpenAPI document
 * generated from them is served with its reference page at /api/docs.
 */
import { describe, expect, it } from 'vitest';

import { useTestApp } from '../kit/server/app';

const t = useTestApp();

/** Not API endpoints: the reference itself, the realtime socket, the built app's pages. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

describe('the API contracts', () => {
  it('register every API route from a contract', () => {
    const routes = t.app.routeTable
      .filter((r) => isApiRoute(r.url))
      .map((r) => ({ name: `${r.method} ${r.url}`, hasContract: r.hasContract }));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !r.hasContract).map((r) => r.name);
    expect(missing, 'routes without a contract').toEqual([]);
  });

  it('publish an OpenAPI document of the contract routes, with their inputs and answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Deckhand API');
    const file = doc.paths['/api/complaints']?.post as {
      summary: string;
      tags: string[];
      requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
    };
    expect(file.summary).toMatch(/Files a complaint/);
    expect(file.tags).toEqual(['Complaints']);
    expect(file.requestBody.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['category', 'description']),
    );
    expect(Object.keys(file.responses)).toContain('201');
    // Every documented path is a contract route; nothing else (pages, the socket) is listed.
    const contractPaths = new Set(
      t.app.routeTable.filter((r) => r.hasContract).map((r) => r.url.replace(/:(\w+)/g, '{$1}')),
    );
    for (const path of Object.keys(doc.paths)) expect(contractPaths.has(path), path).toBe(true);
  });

  it('document the feed answers the server sends as pre-encoded bytes, and the feed queries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        {
          get: {
            responses: Record<string, { content?: Record<string, { schema: { type?: string } }> }>;
            parameters?: { name: string; in: string }[];
          };
        }
      >;
    }>();
    for (const path of ['/api/ferries', '/api/sailings', '/api/vessels', '/api/forecasts']) {
      expect(doc.paths[path]?.get.responses['200']?.content?.['application/json']?.schema.type, path).toBe('array');
    }
    expect(doc.paths['/api/sailings']?.get.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual([
      'route',
      'from',
      'date',
      'before',
      'after',
    ]);
  });

  it('serve the API reference page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it('answer input the contract refuses with a 400 naming the problem, before the route runs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: { category: 'weather', description: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      message: expect.stringMatching(/^Invalid request body: category: .*; description: Description is required$/),
    });
  });
});
