/**
 * The request log (server/http/request-log.ts): one line per answered request, saying what was
 * asked and how it was answered; a failed request still logged as an error.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from '../../server/http/request-log';

function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
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
});
