import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';

import { freshDatabase } from '../kit/client/fresh-database';

describe('freshDatabase (test kit)', () => {
  const names: string[] = [];

  it('hands each test an empty database of its own name', async () => {
    const database = freshDatabase();
    const other = freshDatabase();
    names.push(database.name, other.name);
    expect(database.name).not.toBe(other.name);
    expect(await database.complaints.count()).toBe(0);
    await database.complaints.put({
      localId: 'c-1',
      category: 'other',
      description: 'Left behind',
      createdAt: 1,
      syncState: 'queued',
    });
    expect(await database.complaints.count()).toBe(1);
    expect(await other.complaints.count()).toBe(0);
  });

  it('deletes the databases a test opened once it finished', async () => {
    expect(names).toHaveLength(2);
    for (const name of names) expect(await Dexie.exists(name)).toBe(false);
  });
});
