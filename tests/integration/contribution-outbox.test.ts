// @vitest-environment node
// Node realm: fake-indexeddb clones ArrayBuffers into Node's realm, which jsdom's Blob does not accept.
import { beforeEach, describe, expect, it } from 'vitest';

import { pointsOf, queueContribution, queuePhoto } from '@/data/contributions';
import type { DeckhandDB } from '@/data/db';
import { reportWaitTime, sendPhotoCount } from '@/domain/contracts/contributions';
import { flushOutbox } from '@/sync/flusher';

import { fakeApi, noSignal, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;

beforeEach(() => {
  database = freshDatabase();
});

const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

/**
 * The server behind the fake API: the first `failures` photo uploads lose the connection, then 201.
 * Returns the requests the app sent, leaving out the account the flusher learns after a send (not what
 * these tests are about).
 */
function serverStub(failures: number, points = 25) {
  const answer = { id: 7, kind: 'photo' as const, rewardPointsEarned: points, note: null, rewardPointsBalance: points };
  let attempts = 0;
  const api = fakeApi().answer(sendPhotoCount, () => (++attempts <= failures ? noSignal() : answer));
  return () => api.calls.filter((c) => c.path !== '/api/users/profile');
}

describe('photo contributions through the outbox', () => {
  it('keeps the photo on the device and sends it as multipart, retried with the same Idempotency-Key', async () => {
    const row = await queuePhoto(database, {
      terminal: 'tsawwassen',
      lane: 'Lane 3',
      vehicleCount: 42,
      photo: new Blob([photoBytes], { type: 'image/jpeg' }),
      gps: null,
      shareData: false,
    });
    const stored = await database.photoContributions.get(row.localId);
    expect(stored?.syncState).toBe('queued');
    // Compared as Node Buffers: fake-indexeddb hands back an ArrayBuffer of another realm than jsdom's.
    expect(Buffer.from(stored!.photo.bytes)).toEqual(Buffer.from(photoBytes));

    const outboxId = (await database.outbox.toArray())[0]!.id;
    const sent = serverStub(1);
    expect((await flushOutbox({ database })).sent).toBe(0);
    await database.outbox.toCollection().modify({ nextAttemptAt: 0 });
    expect((await flushOutbox({ database })).sent).toBe(1);

    expect(sent()).toHaveLength(2);
    expect(sent()[0]!.idempotencyKey).toBe(outboxId);
    expect(sent()[1]!.idempotencyKey).toBe(outboxId);
    expect(sent()[1]!.path).toBe('/api/contributions/photo');
    // The browser sets the multipart boundary itself: no JSON content type is forced.
    expect(sent()[1]!.headers.get('Content-Type')).toBeNull();
    const form = sent()[1]!.body as FormData;
    expect(form.get('terminal')).toBe('tsawwassen');
    expect(form.get('lane')).toBe('Lane 3');
    expect(form.get('vehicleCount')).toBe('42');
    expect(form.get('shareData')).toBe('false');
    expect(form.get('gpsLatitude')).toBeNull();
    const photo = form.get('photo') as Blob;
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(Buffer.from(photoBytes));
    expect(photo.type).toBe('image/jpeg');

    const after = await database.photoContributions.get(row.localId);
    expect(after).toMatchObject({ syncState: 'sent', serverId: 7 });
    expect(pointsOf(after!.serverAnswer)).toBe(25);
    expect(await database.outbox.count()).toBe(0);
  });

  it('records a final refusal on the row with the server message', async () => {
    const row = await queueContribution(database, 'wait_time', 'tsawwassen', reportWaitTime, {
      body: { terminal: 'tsawwassen', minutesWaited: 5 },
    });
    fakeApi().answer(
      reportWaitTime,
      reply(409, { error: 'too_soon', message: 'You already reported the wait at Tsawwassen in the last 10 minutes.' }),
    );
    await flushOutbox({ database });
    expect(await database.contributionWrites.get(row.localId)).toMatchObject({
      syncState: 'failed',
      syncError: 'You already reported the wait at Tsawwassen in the last 10 minutes.',
    });
  });
});
