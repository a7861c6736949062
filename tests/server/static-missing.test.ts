import { expect, it } from 'vitest';

import { useTestApp } from '../kit/server/app';

const t = useTestApp();

it('answers pages with 503 saying to build when the PWA has not been built, and keeps the API up', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/app', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(503);
  expect(page.headers['content-type']).toMatch(/text\/plain/);
  expect(page.body).toContain('npm run build');

  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
});
