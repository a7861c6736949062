/**
 * The request log (server/http/request-log.ts): one line per answered request, saying what was
 * asked and how it was answered; a failed request still logged as an error.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLogStream, LOG_BATCH_BYTES } from '../../server/http/log-stream';
import { OneLineRequestLog } from '../../server/http/request-log';

// The server tests share their workers' modules and globals (vitest.config.ts): a fake clock never outlives its test.
afterEach(() => {
  vi.useRealTimers();
});

function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
  app.get('/api/ferries', async () => '[]');
  app.get('/boom', async () => {
    throw new Error('the database is down');
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request with its method, URL, status and time, tagged with the request id', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'GET', url: '/api/ferries?x=1' });
    await app.inject({ method: 'GET', url: '/api/ferries' });
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]!.msg).toMatch(/^GET \/api\/ferries\?x=1 200 \d+\.\d ms$/);
    expect(requestLines[0]!.level).toBe(30);
    expect(requestLines[0]!.reqId).not.toBe(requestLines[1]!.reqId);
    await app.close();
  });

  it('still logs a request that failed as an error, with the error', async () => {
    const { app, lines } = appWithLog();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).toContain('the database is down');
    expect(lines.filter((l) => l.msg === 'incoming request')).toHaveLength(0);
    await app.close();
  });

  it('writes the lines in batches, in order, all of them by the time the app has closed', async () => {
    // The batch's timer does not run out during the test, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writes: string[] = [];
    const stream = createLogStream({ write: (text) => writes.push(text) });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
    app.addHook('onClose', async () => stream.flush());
    app.get('/api/ferries', async () => '[]');
    for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url: `/api/ferries?n=${i}` });
    await app.close();
    const lines = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const requests = lines.filter((l) => l.reqId).map((l) => String(l.msg).split(' ')[1]);
    expect(requests).toEqual(Array.from({ length: 20 }, (_, i) => `/api/ferries?n=${i}`));
    // Twenty lines, one write.
    expect(writes).toHaveLength(1);
  });

  it('writes at once when a batch is full', () => {
    const writes: string[] = [];
    const stream = createLogStream({ write: (text) => writes.push(text) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < LOG_BATCH_BYTES / 1024; i += 1) stream.write(line);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(LOG_BATCH_BYTES);
    stream.write(line);
    expect(writes).toHaveLength(1);
    stream.flush();
    expect(writes[1]).toBe(line);
  });
});
