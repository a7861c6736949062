import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chatResponseSchema } from '@/domain/chat';
import { faqListSchema } from '@/domain/faq';
import { fareListSchema } from '@/domain/fares';

import { FAQ_ROWS } from '../../server/db/seed';
import { LANGDALE_FARE } from '../fixtures/served-fares';
import { createTestApp, useTestApp, type TestApp } from '../kit/server/app';

/** A fixed instant (a Friday afternoon in Vancouver) so the simulated sailings are the same every run. */
const NOW = Date.parse('2030-07-05T22:10:00Z');

const t = useTestApp({ now: () => NOW });

const ask = (app: TestApp, query: unknown) =>
  app.app.inject({
    method: 'POST',
    url: '/api/ai/chat',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ query }),
  });

describe('GET /api/faq and /api/fares', () => {
  it('answers every FAQ entry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/faq' });
    expect(faqListSchema.parse(res.json())).toHaveLength(FAQ_ROWS.length);
  });

  it('answers the §9 fare table with route names, null where a route has no price', async () => {
    const fares = fareListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/fares' })).json());
    expect(fares.map((f) => f.routeId).sort()).toEqual(['hsb-lng', 'hsb-nan', 'hsb-snug', 'tsa-duk', 'tsa-swb']);
    const { description: _description, ...langdale } = LANGDALE_FARE;
    expect(fares.find((f) => f.routeId === 'hsb-lng')).toMatchObject(langdale);
    expect(fares.find((f) => f.routeId === 'tsa-swb')).toMatchObject({
      adult: '18.50',
      bicycle: '2.25',
      peakMultiplier: '1.15',
    });
  });
});

describe('POST /api/ai/chat', () => {
  it('answers a fare question with the price computed for the party asked about', async () => {
    const res = await ask(t, 'How much is the fare to Langdale with a car?');
    expect(res.statusCode).toBe(200);
    const body = chatResponseSchema.parse(res.json());
    expect(body.sources[0]).toBe('Fare table: Horseshoe Bay - Langdale');
    expect(body.response).toContain('1 × adult $15.80');
    expect(body.response).toContain('1 × vehicle under 20 ft $52.20');
    // 1 adult + vehicle under 20 ft: 68.00 + 12 % = 76.16 off-peak; peak 68.00 × 1.10 = 74.80 + 8.98 = 83.78.
    expect(body.response).toContain('$76.16 off-peak or $83.78 at peak (peak sailings ×1.10), tax included');
    expect(body.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('answers "an adult fare on the main routes" with a price, not the peak-surcharge FAQ', async () => {
    const body = chatResponseSchema.parse((await ask(t, 'How much is an adult fare on the main routes?')).json());
    expect(body.response).toContain('$20.72 off-peak or $23.83 at peak');
    expect(body.sources.some((s) => s.startsWith('FAQ'))).toBe(false);
  });

  it("answers a sailing question that names no terminal for the rider's own terminal", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'When does the next boat leave?', terminalId: 'swartz-bay' }),
    });
    const body = chatResponseSchema.parse(res.json());
    expect(body.response).toMatch(/^Next sailings from Swartz Bay \(your terminal/);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'When?', terminalId: 'DROP TABLE' }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the next sailing from a terminal from the live feed', async () => {
    const body = chatResponseSchema.parse((await ask(t, 'When is the next sailing from Tsawwassen?')).json());
    expect(body.sources).toEqual(['Live feed: next sailings from Tsawwassen']);
    expect(body.response).toMatch(/^Next sailings from Tsawwassen: \d{1,2}:\d{2} (AM|PM) to /);
    expect(body.response).toMatch(/car deck \d+% full/);
    expect(body.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('answers a pet question from the FAQ', async () => {
    const body = chatResponseSchema.parse((await ask(t, 'Can I bring my dog?')).json());
    expect(body.sources[0]).toMatch(/^FAQ: /);
    expect(body.sources.join(' ')).toContain('FAQ: Where can my pet travel?');
    expect(body.response).toContain('leash');
    expect(body.confidence).toBeGreaterThan(0);
  });

  it('answers the lane wait at a terminal with the median wait, by the sailing that carries the cars', async () => {
    const body = chatResponseSchema.parse((await ask(t, 'How long is the wait at Horseshoe Bay?')).json());
    // No public source publishes lane counts: the simulator's count says it is simulated.
    expect(body.sources[0]).toBe('Simulated lane count at Horseshoe Bay');
    expect(body.response).toMatch(/about \d+ vehicles waiting \(estimated from simulated terminal cameras at /);
    // Never "cars × 2 min": the wait is until the sailing that carries a car behind the median count,
    // or said to be unknown when the listed sailings cannot carry them.
    expect(body.response).toMatch(
      /Median wait: (about \d+ min\. A car joining behind the (latest lane count|median of the last \d+ lane counts) \(\d+ cars\) boards the \d{1,2}:\d{2} (AM|PM) sailing\.|not known\. The listed sailings cannot carry)/,
    );
  });

  it('says so, with confidence 0 and no sources, when nothing matches', async () => {
    const body = chatResponseSchema.parse((await ask(t, 'Who won the hockey game?')).json());
    expect(body).toMatchObject({ confidence: 0, sources: [] });
    expect(body.response).toMatch(/couldn't find/);
  });

  it.each([
    ['blank', '   '],
    ['missing', undefined],
    ['too long', 'x'.repeat(501)],
  ])('refuses a %s query with 400', async (_name, query) => {
    const res = await ask(t, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });
});

describe('POST /api/ai/chat with a language model configured', () => {
  let fake: http.Server;
  let received: Array<{
    authorization?: string;
    body: { model: string; messages: Array<{ role: string; content: string }> };
  }> = [];
  let reply: { status: number; content: string } = {
    status: 200,
    content: 'Dogs travel free; keep them leashed (1 m).',
  };
  let withLlm: TestApp;

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content } }] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    withLlm = await createTestApp({
      now: () => NOW,
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key' },
    });
  });
  afterAll(async () => {
    await withLlm?.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('lets the model phrase the answer from the retrieved material only; sources and confidence stay', async () => {
    received = [];
    reply = { status: 200, content: 'Dogs travel free; keep them leashed (1 m).' };
    const body = chatResponseSchema.parse((await ask(withLlm, 'Can I bring my dog?')).json());
    expect(body.response).toBe('Dogs travel free; keep them leashed (1 m).');
    expect(body.sources).toContain('FAQ: Where can my pet travel?');
    expect(body.confidence).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('fake-model');
    const user = request.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Question: Can I bring my dog?');
    expect(user).toContain('Where can my pet travel?');
    // Only what was retrieved: no fare table, no unrelated FAQ.
    expect(user).not.toContain('Fare table');
    expect(user).not.toContain('Wi-Fi');
  });

  it('keeps the retrieval answer when the model fails, and does not call it when nothing was found', async () => {
    received = [];
    reply = { status: 500, content: '' };
    const failed = chatResponseSchema.parse((await ask(withLlm, 'Can I bring my dog?')).json());
    expect(failed.response).toContain('From the FAQ "Where can my pet travel?"');
    const none = chatResponseSchema.parse((await ask(withLlm, 'Who won the hockey game?')).json());
    expect(none.confidence).toBe(0);
    expect(received).toHaveLength(1);
  });
});
