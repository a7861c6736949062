/**
 * Sign Out on the profile: every rider has it; without a passkey it first says what would be lost
 * and offers a passkey, and the rider can still sign out after that warning.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { endSession } from '@/domain/contracts/users';
import { ProfilePage } from '@/features/profile/profile-page';

import { fakeApi, reply, type FakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
let api: FakeApi;
/** The paths of the requests the profile made. */
const calls = () => api.calls.map((c) => c.path);

beforeEach(() => {
  database = freshDatabase();
  api = fakeApi().answer(endSession, reply(204));
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function profile(value: Record<string, unknown>) {
  await database.meta.put({
    key: META.userProfile,
    value: { username: 'rider-9', contributionScore: 140, rewardPointsBalance: 85, ...value },
    updatedAt: 1,
  });
  render(
    <MemoryRouter>
      <ProfilePage database={database} />
    </MemoryRouter>,
  );
}

describe('Sign Out', () => {
  it('without a passkey, warns what would be lost first, then signs out only when asked again', async () => {
    await profile({ membershipType: 'premium', hasPasskey: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing out loses this account' });
    const losses = within(dialog).getByRole('list', { name: 'What signing out loses' });
    expect(
      within(losses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'your 85 reward points and contribution score of 140',
      'your Premium membership',
      'your orders, timers, passes, requests and notifications',
    ]);
    expect(calls()).not.toContain('/api/session/logout');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Anyway' }));
    await waitFor(() => expect(calls()).toContain('/api/session/logout'));
    // Signed out: the app starts again at home (and the test ends only once it has).
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/app'));
  });

  it('with a passkey, signs out at once', async () => {
    await profile({ membershipType: 'free', hasPasskey: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(calls()).toContain('/api/session/logout'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/app'));
  });
});
