import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { DeckhandDB } from '@/data/db';

/** The schema as the first release created it on riders' devices. */
const FIRST_RELEASE_TABLES = {
  ferries: 'id',
  meta: 'key',
  outbox: '++seq, &id, status',
  complaints: 'localId, createdAt, serverId',
};

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

describe('the device database schema', () => {
  it('opens a database from the first release, keeps its rows and adds the newer tables', async () => {
    const name = `schema-${crypto.randomUUID()}`;
    names.push(name);
    const old = new Dexie(name);
    old.version(1).stores(FIRST_RELEASE_TABLES);
    await old.table('meta').put({ key: 'rider.chosenTerminal', value: 'tsawwassen' });
    await old.table('outbox').add({ id: 'write-1', status: 'pending', kind: 'complaint', createdAt: 1 });
    old.close();

    const database = new DeckhandDB(name);
    await database.open();
    expect(await database.meta.get('rider.chosenTerminal')).toEqual({
      key: 'rider.chosenTerminal',
      value: 'tsawwassen',
    });
    expect(await database.outbox.where('status').equals('pending').count()).toBe(1);
    await database.contributionWrites.add({ localId: 'c-1', createdAt: 2, kind: 'tip' } as never);
    expect(await database.contributionWrites.where('kind').equals('tip').count()).toBe(1);
    await database.sailings.put({
      id: 's-1',
      routeId: 'hsb-lng',
      from: 'horseshoe-bay',
      scheduledDeparture: '2026-11-26T18:00:00Z',
    } as never);
    expect(await database.sailings.where('[routeId+from]').equals(['hsb-lng', 'horseshoe-bay']).count()).toBe(1);
    expect(database.tables.map((table) => table.name).sort()).toEqual([
      'amenities',
      'arrivalTimers',
      'awaySessions',
      'banners',
      'complaints',
      'contributionWrites',
      'exceptionPasses',
      'faq',
      'fares',
      'ferries',
      'forecasts',
      'meta',
      'ninjaRequests',
      'notifications',
      'orders',
      'outbox',
      'photoContributions',
      'sailings',
      'settingsWrites',
      'storeItems',
      'vesselPositions',
    ]);
    database.close();
  });

  it('reopens a database already at the current version with its rows', async () => {
    const name = `schema-${crypto.randomUUID()}`;
    names.push(name);
    const first = new DeckhandDB(name);
    await first.ferries.put({ id: 'f-1' } as never);
    first.close();
    const again = new DeckhandDB(name);
    expect(await again.ferries.get('f-1')).toEqual({ id: 'f-1' });
    again.close();
  });

  it('opens a database a later release left at version 4, and one left at version 7 (forecasts not yet indexed by route end)', async () => {
    for (const [version, tables] of [
      [4, { ...FIRST_RELEASE_TABLES, ...VERSION_2_TO_4_TABLES }],
      [7, { ...FIRST_RELEASE_TABLES, ...VERSION_2_TO_4_TABLES, ...VERSION_5_TO_7_TABLES }],
    ] as const) {
      const name = `schema-${crypto.randomUUID()}`;
      names.push(name);
      const old = new Dexie(name);
      old.version(version).stores(tables);
      await old.table('ninjaRequests').put({ id: 'n-1', createdAt: 5 });
      await old.table('banners').bulkPut([
        { id: 'b-2', order: 2 },
        { id: 'b-1', order: 1 },
      ]);
      if (version === 7) await old.table('forecasts').put({ sailingId: 's-1', routeId: 'r-1', from: 'swb' });
      old.close();

      const database = new DeckhandDB(name);
      await database.open();
      expect(await database.ninjaRequests.get('n-1')).toEqual({ id: 'n-1', createdAt: 5 });
      expect((await database.banners.orderBy('order').toArray()).map((row) => row.id)).toEqual(['b-1', 'b-2']);
      // The forecasts a device already held are found by the route-end index the upgrade adds.
      expect(
        (await database.forecasts.where('[routeId+from]').equals(['r-1', 'swb']).toArray()).map((row) => row.sailingId),
      ).toEqual(version === 7 ? ['s-1'] : []);
      database.close();
    }
  });
});

/** Tables the releases after the first added, as their devices hold them. */
const VERSION_2_TO_4_TABLES = {
  storeItems: 'id',
  faq: 'id',
  fares: 'routeId',
  orders: 'localId, createdAt, serverId',
  arrivalTimers: 'id, createdAt',
  banners: 'id, order',
  amenities: 'id, order',
  awaySessions: 'id, status, syncState',
  notifications: 'id, createdAt',
  settingsWrites: 'id, syncState',
  ninjaRequests: 'id, createdAt',
};
const VERSION_5_TO_7_TABLES = {
  exceptionPasses: 'localId, createdAt, serverId',
  photoContributions: 'localId, createdAt, syncState',
  contributionWrites: 'localId, createdAt, kind',
  sailings: 'id, [routeId+from], scheduledDeparture',
  vesselPositions: 'vesselId',
  forecasts: 'sailingId',
};
