/**
 * A BC Ferries API and an AIS stream on one local port that answer whatever a test sets: a document
 * (any JSON, or raw text), 50 MB, a slow drip, a hang; and, on the WebSocket, any frames after the
 * subscription. Counts requests so a test can wait on the next poll instead of on time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export type Answer =
  | { kind: 'json'; body: unknown }
  | { kind: 'text'; body: string }
  | { kind: 'huge' }
  | { kind: 'drip' }
  | { kind: 'hang' };

export interface HostileUpstream {
  url: string;
  wsUrl: string;
  answer(next: Answer): void;
  /** Resolves once `count` more /v2/ requests have ended (answered, cut or abandoned by the client). */
  nextRequests(count?: number): Promise<void>;
  /** Requests received and ended so far, and the answer being given (for a failing test's message). */
  counts(): { received: number; ended: number; answering: Answer['kind'] };
  /** Sends these frames to every subscribed stream now (and to each new one on subscription). */
  frames(next: (string | Buffer)[]): void;
  close(): Promise<void>;
}

const FIFTY_MB = 50 * 1024 * 1024;

export async function startHostileUpstream(): Promise<HostileUpstream> {
  let answer: Answer = { kind: 'json', body: { capacityRoutes: [], nonCapacityRoutes: [] } };
  let received = 0;
  let ended = 0;
  const waiters: { at: number; resolve: () => void }[] = [];
  const held = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const requestEnded = () => {
    ended += 1;
    for (const w of [...waiters])
      if (ended >= w.at) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };

  const server = http.createServer((_request, response) => {
    received += 1;
    response.setHeader('connection', 'close');
    response.on('close', requestEnded);
    response.on('error', () => undefined);
    const current = answer;
    if (current.kind === 'hang') {
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    if (current.kind === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < FIFTY_MB && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end('1');
      };
      pump();
      return;
    }
    if (current.kind === 'drip') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => {
        if (response.destroyed) clearInterval(timer);
        else response.write(' ');
      }, 100);
      timers.add(timer);
      response.on('close', () => clearInterval(timer));
      return;
    }
    const text = current.kind === 'json' ? JSON.stringify(current.body) : current.body;
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  });

  let frames: (string | Buffer)[] = [];
  const subscribed = new Set<WebSocket>();
  const wss = new WebSocketServer({ server, maxPayload: 64 * 1024 });
  const sendAll = (socket: WebSocket) => {
    for (const f of frames) if (socket.readyState === socket.OPEN) socket.send(f, { binary: false });
  };
  wss.on('connection', (socket) => {
    socket.on('error', () => undefined);
    socket.once('message', () => {
      subscribed.add(socket);
      socket.on('close', () => subscribed.delete(socket));
      sendAll(socket);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    wsUrl: base.replace('http://', 'ws://'),
    answer(next) {
      answer = next;
    },
    nextRequests(count = 1) {
      return new Promise((resolve) => waiters.push({ at: ended + count, resolve }));
    },
    counts: () => ({ received, ended, answering: answer.kind }),
    frames(next) {
      frames = next;
      for (const socket of subscribed) sendAll(socket);
    },
    async close() {
      for (const t of timers) clearInterval(t);
      for (const r of held) r.destroy();
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
