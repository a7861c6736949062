/**
 * The AIS stream read as aisstream sends it: the fleet's MMSIs (Queen of Cowichan's among them),
 * error frames, a silent stream, ship names padded with `@`. Frames come from tests/fixtures/ais/
 * (real captures; see its README) through a stub stream, or from the fake feed's day.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';

import { noPositionText, vesselMmsi } from '@/domain/vessel-identities';

import {
  cleanAisText,
  createAisSource,
  positionFromMessage,
  REFUSED_BACKOFF_FIRST_MS,
  subscribedMmsis,
  type AisSource,
} from '../../server/feed/sources/ais-source';
import { startFakeFeed, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ais');
const frame = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const NOW = Date.parse('2026-07-10T15:50:00-07:00');

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 400; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

/**
 * A stand-in for aisstream: answers each subscription with the frames `script` gives (again every
 * `repeatMs` when set), and stays open.
 */
async function startStubStream(script: (subscription: unknown, connection: number) => string[], repeatMs?: number) {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  let connections = 0;
  wss.on('connection', (socket) => {
    connections += 1;
    const n = connections;
    socket.on('error', () => undefined);
    socket.once('message', (data) => {
      let subscription: unknown;
      try {
        subscription = JSON.parse(data.toString());
      } catch {
        subscription = undefined;
      }
      const send = () => {
        if (socket.readyState === socket.OPEN) for (const f of script(subscription, n)) socket.send(f);
      };
      send();
      if (repeatMs) {
        const timer = setInterval(send, repeatMs);
        socket.on('close', () => clearInterval(timer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const logs: string[] = [];
const log = { info: (m: string) => logs.push(`info: ${m}`), warn: (m: string) => logs.push(`warn: ${m}`) };
const sources: AisSource[] = [];
const source = (opts: Partial<Parameters<typeof createAisSource>[0]> & { url: string }) => {
  const made = createAisSource({ apiKey: 'test-key', log, now: () => NOW, ...opts });
  sources.push(made);
  return made;
};
afterEach(() => {
  for (const s of sources.splice(0)) s.stop();
  logs.length = 0;
});

describe('every vessel on Deckhand’s routes has an MMSI, and only the MMSI identifies a position', () => {
  let fake: FakeFeed;
  beforeAll(async () => {
    fake = await startFakeFeed({ now: () => NOW, aisIntervalMs: 100, aisApiKey: 'test-key' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('subscribes to the Queen of Cowichan (316001251) and hears her through a stream that sends only the MMSIs asked for', async () => {
    expect(subscribedMmsis()).toContain(316001251);
    const ais = source({ url: fake.aisUrl });
    ais.start();
    await until(() => ais.vessels().some((v) => v.vesselId === 'queen-of-oak-bay'), 'a fleet position');
    await until(() => ais.vessels().some((v) => v.vesselId === 'queen-of-cowichan'), 'the Queen of Cowichan');
    const cowichan = ais.vessels().find((v) => v.vesselId === 'queen-of-cowichan');
    expect(cowichan?.mmsi).toBe(316001251);
    expect(ais.streamStatus().subscribedMmsis).toEqual(subscribedMmsis());
    expect(ais.streamStatus().vesselsHeard.map((v) => v.mmsi)).toContain(316001251);
  });

  it('takes no position by name alone: an MMSI not in the table calling itself a fleet vessel is ignored', () => {
    const real = JSON.parse(frame('queen-of-cowichan.json')) as { MetaData: { MMSI: number } };
    expect(positionFromMessage(real, NOW)?.vesselId).toBe('queen-of-cowichan');
    const impostor = { ...real, MetaData: { ...real.MetaData, MMSI: 316009999 } };
    expect(positionFromMessage(impostor, NOW)).toBeUndefined();
  });

  it('says in words why a vessel without an MMSI has no position', () => {
    expect(vesselMmsi('Queen of Cowichan')).toBe(316001251);
    expect(vesselMmsi('Bowen Queen')).toBeUndefined();
    expect(noPositionText('Bowen Queen')).toBe('No position: Deckhand has no AIS identity (MMSI) for Bowen Queen');
    expect(noPositionText('Queen of Cowichan')).toBe('No position reported yet');
  });
});

describe('frames as aisstream sends them', () => {
  it('reads the real captured frames: a foreign vessel and a static-data message are ignored, not misread', async () => {
    const stream = await startStubStream(() => [
      frame('position-report.json'),
      frame('ship-static-data.json'),
      frame('queen-of-cowichan.json'),
    ]);
    try {
      const ais = source({ url: stream.url });
      ais.start();
      await until(() => ais.streamStatus().messages >= 3, 'three frames read');
      expect(ais.streamStatus().ignored).toBe(2);
      await until(() => ais.vessels().length === 1, 'the one fleet position published');
      expect(ais.vessels()[0]).toMatchObject({ vesselId: 'queen-of-cowichan', speedKnots: 13, courseDeg: 194 });
      // The capture's 2023 time is far from our clock: the time it was received stands instead.
      expect(ais.vessels()[0]?.observedAt).toBe(new Date(NOW).toISOString());
    } finally {
      await stream.close();
    }
  });

  it('strips the `@` and space padding of ship names and does not take the padded name for another vessel', async () => {
    expect(cleanAisText('QUEEN OF COWICHAN@@@@@@@')).toBe('QUEEN OF COWICHAN');
    expect(cleanAisText('DINOPOTES           ')).toBe('DINOPOTES');
    const stream = await startStubStream(() => [frame('queen-of-cowichan.json')]);
    try {
      const ais = source({ url: stream.url });
      ais.start();
      await until(() => ais.streamStatus().vesselsHeard.length === 1, 'the Queen of Cowichan heard');
      expect(ais.streamStatus().vesselsHeard[0]).toMatchObject({
        mmsi: 316001251,
        name: 'Queen of Cowichan',
        shipName: 'QUEEN OF COWICHAN',
      });
      expect(ais.streamStatus().nameMismatches).toEqual([]);
      expect(logs.some((l) => l.includes('reports itself as'))).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('logs an `{"error"}` frame with its text, shows it in the status, and retries slowly instead of hammering', async () => {
    const stream = await startStubStream(() => [frame('error-invalid-key.json')]);
    try {
      const ais = source({ url: stream.url, apiKey: 'wrong' });
      ais.start();
      await until(() => ais.streamStatus().refused !== undefined, 'the refusal read');
      await until(() => ais.streamStatus().nextAttemptAt !== undefined, 'the retry scheduled');
      const status = ais.streamStatus();
      expect(status.refused).toBe('Api Key Is Not Valid');
      expect(status.lastError?.text).toBe('Api Key Is Not Valid');
      expect(status.connected).toBe(false);
      expect(Date.parse(status.nextAttemptAt ?? '') - NOW).toBeGreaterThanOrEqual(REFUSED_BACKOFF_FIRST_MS);
      expect(logs.filter((l) => l.includes('"Api Key Is Not Valid"'))).toHaveLength(1);
      expect(logs.find((l) => l.includes('Api Key Is Not Valid'))).toContain('check AIS_API_KEY');
      expect(stream.connections()).toBe(1);
    } finally {
      await stream.close();
    }
  });

  it('reconnects a stream that is connected but silent, marking its positions stale until it speaks again', async () => {
    let silent = false;
    const stream = await startStubStream(() => (silent ? [] : [frame('queen-of-cowichan.json')]), 50);
    try {
      const ais = source({ url: stream.url, silentAfterMs: 200 });
      ais.start();
      await until(() => ais.vessels().length === 1, 'a first position');
      expect(ais.vessels()[0]?.stale).toBeUndefined();
      silent = true;
      await until(() => ais.streamStatus().silentReconnects >= 1, 'the silent stream reconnected');
      await until(() => ais.vessels()[0]?.stale === true, 'its positions marked stale');
      expect(ais.streamStatus().lastError?.text).toMatch(/^stream connected but silent for \d+ s$/);
      expect(logs.some((l) => l.startsWith('warn: AIS stream connected but silent'))).toBe(true);
      await until(() => stream.connections() >= 2, 'a new connection');
      silent = false;
      await until(() => ais.vessels()[0]?.stale === undefined, 'fresh positions again');
    } finally {
      await stream.close();
    }
  });
});
