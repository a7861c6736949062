/**
 * The rider's profile pull (src/data/profile.ts): the answer is checked against its contract before it
 * replaces the cached profile, so a server answering something else (an error page, an older server)
 * leaves the rider's cached profile as it was, and the next start tries again.
 */
import { describe, expect, it } from 'vitest';

import { META } from '@/data/db';
import { ensureSession, pullProfile } from '@/data/profile';
import { getProfile } from '@/domain/contracts/users';
import { ContractError } from '@/lib/api-client';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

describe('pulling the rider profile', () => {
  it('stores a profile the contract accepts', async () => {
    const database = freshDatabase();
    fakeApi().answer(getProfile, riderProfile({ id: 7, username: 'sam' }));
    await pullProfile(database);
    expect((await database.meta.get(META.userProfile))?.value).toMatchObject({ id: 7, username: 'sam' });
  });

  it('keeps the cached profile when the answer is not a profile, and the session read tries again', async () => {
    const database = freshDatabase();
    const cached = riderProfile({ id: 7, username: 'sam' });
    await database.meta.put({ key: META.userProfile, value: cached, updatedAt: 1 });
    const api = fakeApi().answer(getProfile, () => reply(200, '<html>Service unavailable</html>'));
    await expect(ensureSession(database)).rejects.toBeInstanceOf(ContractError);
    expect((await database.meta.get(META.userProfile))?.value).toEqual(cached);

    api.answer(getProfile, riderProfile({ id: 7, username: 'sam-2' }));
    await ensureSession(database);
    expect((await database.meta.get(META.userProfile))?.value).toMatchObject({ username: 'sam-2' });
  });
});
