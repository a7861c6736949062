/**
 * `npm run feed:record` and `npm run feed:fake -- --replay FILE`: a capture recorded from the fake
 * (the generated real document and its AIS stream) and played back gives a client of the replay
 * the same documents and the same AIS messages, in the same order; the capture never holds the key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { readCapture, startFakeFeed, type CaptureEntry, type FakeFeed } from '../fixtures/fake-feed/fake-feed-server';
import { startRecorder } from '../fixtures/fake-feed/feed-recorder';

const KEY = 'recorder-test-key-9f3a';
const feeds: FakeFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((f) => f.close()));
});

async function record(documents: number, messages: number): Promise<string> {
  const fake = await startFakeFeed({ fixture: 'real-tsa-swb', aisIntervalMs: 50, aisApiKey: KEY });
  feeds.push(fake);
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deckhand-capture-')), 'capture.jsonl');
  let seen = { documents: 0, messages: 0 };
  let done!: () => void;
  const enough = new Promise<void>((resolve) => (done = resolve));
  const recorder = startRecorder({
    bcferriesUrl: fake.url,
    aisUrl: fake.aisUrl,
    aisApiKey: KEY,
    pollMs: 100,
    out,
    onEntry: (entry) => {
      if (entry.kind === 'bcferries') seen = { ...seen, documents: seen.documents + 1 };
      if (entry.kind === 'ais') seen = { ...seen, messages: seen.messages + 1 };
      if (seen.documents >= documents && seen.messages >= messages) done();
    },
  });
  await enough;
  await recorder.stop();
  return out;
}

function aisMessages(url: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const received: string[] = [];
    const socket = new WebSocket(url);
    socket.on('open', () => socket.send(JSON.stringify({ APIKey: 'any', BoundingBoxes: [] })));
    socket.on('message', (data) => {
      received.push(data.toString());
      if (received.length === count) {
        socket.close();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

describe('recording the sources and replaying the capture', () => {
  it('writes every document and AIS message with its arrival time, and never the key', async () => {
    const out = await record(3, 10);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).not.toContain(KEY);
    const capture = readCapture(out);
    expect(capture[0]).toMatchObject({ kind: 'capture', pollS: 0.1 });
    const documents = capture.filter((e) => e.kind === 'bcferries');
    expect(documents.length).toBeGreaterThanOrEqual(3);
    for (const entry of documents) {
      expect(entry).toMatchObject({ status: 200 });
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
      const body = JSON.parse((entry as { body: string }).body) as { capacityRoutes: Array<{ routeCode: string }> };
      expect(body.capacityRoutes.map((r) => r.routeCode)).toEqual(['TSASWB']);
    }
    const offsets = capture.slice(1).map((e) => (e as { offsetMs: number }).offsetMs);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const first = capture.find((e) => e.kind === 'ais') as { data: string };
    expect(JSON.parse(first.data)).toMatchObject({ MessageType: 'PositionReport' });
  });

  it('plays the capture back: a client of the replay sees the captured messages and documents, in order', async () => {
    const capture = readCapture(await record(3, 10));
    const documents = capture.filter((e): e is Extract<CaptureEntry, { body: string }> => 'body' in e);
    const messages = capture.filter((e): e is Extract<CaptureEntry, { kind: 'ais' }> => e.kind === 'ais');

    // The stream: subscribed at the replay's start, every captured message, as captured.
    const streamed = await startFakeFeed({ replay: capture });
    feeds.push(streamed);
    expect(await aisMessages(streamed.aisUrl, messages.length)).toEqual(messages.map((m) => m.data));

    // The document: the first captured one at the start, then the later ones as their offsets pass.
    const polled = await startFakeFeed({ replay: capture });
    feeds.push(polled);
    const bodies = documents.map((d) => d.body);
    const seen: string[] = [];
    while (seen.at(-1) !== bodies.at(-1)) {
      const answer = await fetch(`${polled.url}/v2/`);
      expect(answer.status).toBe(200);
      seen.push(await answer.text());
    }
    expect(seen[0]).toBe(bodies[0]);
    // Every answer is a captured document, never one from before the previous answer's.
    const indexes = seen.map((body) => bodies.indexOf(body));
    expect(indexes.every((i) => i >= 0)).toBe(true);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });
});
