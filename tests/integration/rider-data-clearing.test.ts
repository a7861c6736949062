/**
 * What a change of account leaves on the device: signing out clears everything; signing in with a
 * passkey clears the previous account's data but keeps the writes not yet sent (and the rows they
 * mirror), which then go to the signed-in account.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { META, type ComplaintRow, type DeckhandDB } from '@/data/db';
import { clearRiderData } from '@/features/profile/sign-out';
import { saveWithOutbox } from '@/sync/outbox';

import { freshDatabase } from '../kit/client/fresh-database';
import { sampleFerry } from './sample-data';

let database: DeckhandDB;

beforeEach(async () => {
  database = freshDatabase();
  await database.meta.put({
    key: META.userProfile,
    value: { id: 3, username: 'guest-device', membershipType: 'free' },
    updatedAt: 1,
  });
  await database.ferries.put(sampleFerry());
  const sent: ComplaintRow = {
    localId: 'sent-1',
    category: 'other',
    description: 'Already sent',
    createdAt: 1,
    syncState: 'sent',
    serverId: 9,
  };
  await database.complaints.put(sent);
  const queued: ComplaintRow = {
    localId: 'queued-1',
    category: 'other',
    description: 'Written with no signal',
    createdAt: 2,
    syncState: 'queued',
  };
  await saveWithOutbox(database, database.complaints, queued, {
    method: 'POST',
    path: '/api/complaints',
    body: { category: 'other', description: queued.description },
  });
});

describe('clearing the rider data on a device', () => {
  it('signing out clears every table, queued writes included', async () => {
    await clearRiderData(database);
    for (const table of database.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('signing in with a passkey keeps the unsent writes and the rows they mirror, and nothing else', async () => {
    await clearRiderData(database, { keepUnsent: true });
    expect(await database.outbox.toArray()).toEqual([
      expect.objectContaining({ path: '/api/complaints', localKey: 'queued-1', status: 'pending' }),
    ]);
    expect((await database.complaints.toArray()).map((row) => row.localId)).toEqual(['queued-1']);
    expect(await database.meta.count()).toBe(0);
    expect(await database.ferries.count()).toBe(0);
  });
});
