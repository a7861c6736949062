/**
 * The realtime emulator reads every frame before firebase-server does: the fourteen single frames
 * that each ended its process now only close the sender's socket (1008), over a real socket to the
 * supervised child, which keeps running and serving; a real client's frames still go through; one
 * address opening sockets in a loop is refused (429); a closed socket's listeners are removed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import rules from '../../database.rules.json' with { type: 'json' };
import { ConnectLimit } from '../../server/realtime/connect-limit';
import { ClientFrameReader, isValidData } from '../../server/realtime/emulator-frames';
import { startSupervisedEmulator, type SupervisedEmulator } from '../../server/realtime/emulator-supervisor';
import { startRtdbEmulator } from '../../server/realtime/rtdb-emulator';
import { emulatorUrl, KILLER_FRAMES, LISTEN_FRAME, sendFrames } from './support/emulator-frames';

const quiet = { info: () => undefined, warn: () => undefined };
const MAX_FRAME_BYTES = 256 * 1024;

describe('frames a client sends the emulator', () => {
  it('refuses each of the fourteen frames that ended the emulator', () => {
    for (const frame of KILLER_FRAMES) {
      expect(new ClientFrameReader(MAX_FRAME_BYTES).read(frame), frame.slice(0, 60)).toMatchObject({ kind: 'reject' });
    }
  });

  it('passes what a firebase client sends: listen, write, merge, auth; keep-alives and pings need nothing', () => {
    const reader = new ClientFrameReader(MAX_FRAME_BYTES);
    expect(reader.read(LISTEN_FRAME)).toEqual({ kind: 'forward', text: LISTEN_FRAME });
    for (const frame of [
      '{"t":"d","d":{"r":2,"a":"p","b":{"p":"/queue_data/horseshoe-bay","d":{"count":3,"at":{".sv":"timestamp"}}}}}',
      '{"t":"d","d":{"r":3,"a":"m","b":{"p":"/queue_history","d":{"a/1":{"count":1},"b":null}}}}',
      '{"t":"d","d":{"r":4,"a":"auth","b":{"cred":"token"}}}',
    ]) {
      expect(reader.read(frame)).toMatchObject({ kind: 'forward' });
    }
    expect(reader.read('0')).toEqual({ kind: 'none' });
    expect(reader.read('{"t":"c","d":{"t":"p","d":{}}}')).toEqual({ kind: 'none' });
    expect(reader.read('{"t":"d","d":{"r":5,"a":"n","b":{"p":"/queue_data"}}}')).toEqual({ kind: 'none' });
  });

  it('joins a message split over frames, as a client sends a long one', () => {
    const reader = new ClientFrameReader(MAX_FRAME_BYTES);
    expect(reader.read('3')).toEqual({ kind: 'none' });
    expect(reader.read(LISTEN_FRAME.slice(0, 10))).toEqual({ kind: 'none' });
    expect(reader.read(LISTEN_FRAME.slice(10, 30))).toEqual({ kind: 'none' });
    expect(reader.read(LISTEN_FRAME.slice(30))).toEqual({ kind: 'forward', text: LISTEN_FRAME });
  });

  it('refuses a split message past the size cap, and more frames than a client splits into', () => {
    const reader = new ClientFrameReader(1024);
    reader.read('2');
    expect(reader.read('x'.repeat(2048))).toMatchObject({ kind: 'reject' });
    expect(new ClientFrameReader(1024).read('500')).toMatchObject({ kind: 'reject' });
  });

  it('judges data 100,000 levels deep without recursing', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(isValidData(deep)).toBe(false);
    expect(isValidData({ a: { b: [1, 'two', null, true] } })).toBe(true);
    expect(isValidData({ 'a.b': 1 })).toBe(false);
  });

  it('counts connections per address in a sliding minute', () => {
    let now = 0;
    const limit = new ConnectLimit(3, 60_000, () => now);
    expect([1, 2, 3, 4].map(() => limit.admit('10.0.0.1'))).toEqual([true, true, true, false]);
    expect(limit.admit('10.0.0.2')).toBe(true);
    now = 60_001;
    expect(limit.admit('10.0.0.1')).toBe(true);
  });
});

describe('the supervised emulator, over real sockets', () => {
  let emulator: SupervisedEmulator;

  beforeAll(async () => {
    emulator = await startSupervisedEmulator(
      {
        port: 0,
        host: '127.0.0.1',
        rules,
        maxFrameBytes: MAX_FRAME_BYTES,
        maxConnections: 500,
        connectsPerMinute: 10_000,
      },
      quiet,
    );
    await emulator.update({ 'queue_data/horseshoe-bay': { count: 4 } });
  });
  afterAll(() => emulator?.close());

  it('each of the fourteen frames closes only its socket (1008); the process stays up and serves', async () => {
    const pid = emulator.pid();
    for (const frame of KILLER_FRAMES) {
      const sent = await sendFrames(emulator.port, [frame]);
      expect(sent.closeCode, frame.slice(0, 60)).toBe(1008);
    }
    const listen = await sendFrames(emulator.port, [LISTEN_FRAME]);
    expect(listen.closeCode).toBeUndefined();
    expect(listen.replies.join('')).toContain('"count":4');
    expect(emulator.pid()).toBe(pid);
    expect(emulator.restarts()).toBe(0);
  });

  it('resending one frame 200 times does not hold the emulator down', async () => {
    const pid = emulator.pid();
    for (let i = 0; i < 200; i += 1) await sendFrames(emulator.port, [KILLER_FRAMES[i % 3]!], 50);
    expect(emulator.pid()).toBe(pid);
    expect(emulator.restarts()).toBe(0);
    expect((await sendFrames(emulator.port, [LISTEN_FRAME])).replies.join('')).toContain('"count":4');
  });
});

describe('the emulator per socket and per address', () => {
  it('refuses an address past its sockets a minute with 429', async () => {
    const emulator = await startRtdbEmulator({ port: 0, host: '127.0.0.1', rules, connectsPerMinute: 5 });
    try {
      const outcomes: Array<number | 'open'> = [];
      for (let i = 0; i < 7; i += 1) {
        outcomes.push(
          await new Promise<number | 'open'>((resolve) => {
            const socket = new WebSocket(emulatorUrl(emulator.port));
            socket.once('open', () => {
              socket.terminate();
              resolve('open');
            });
            socket.on('error', () => undefined);
            socket.once('unexpected-response', (request, response) => {
              resolve(response.statusCode ?? 0);
              request.destroy();
            });
          }),
        );
      }
      expect(outcomes).toEqual(['open', 'open', 'open', 'open', 'open', 429, 429]);
    } finally {
      await emulator.close();
    }
  });

  it("removes a socket's listeners when it closes", async () => {
    const emulator = await startRtdbEmulator({ port: 0, host: '127.0.0.1', rules });
    try {
      const sockets = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const socket = new WebSocket(emulatorUrl(emulator.port));
          await new Promise((resolve) => socket.once('open', resolve));
          socket.send(LISTEN_FRAME);
          return socket;
        }),
      );
      while (emulator.listeners() < 10) await sleep(20);
      expect(emulator.listeners()).toBe(10);
      await Promise.all(
        sockets.map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()))),
      );
      while (emulator.listeners() > 0) await sleep(20);
      expect(emulator.listeners()).toBe(0);
    } finally {
      await emulator.close();
    }
  });
});
