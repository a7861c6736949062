/**
 * Settings while the device learns who the rider is: a guest's cached profile ('Guest') is replaced
 * by their account's once the session pull answers, often just after the page opened. What the
 * rider already typed, and a save under way ('Saving...'), stay; untouched fields show the account's
 * values.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeProfile } from '@/data/profile';
import { saveAccount, saveAnimalPreferences } from '@/domain/contracts/users';
import { SettingsPage } from '@/features/settings/settings-page';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi, neverAnswered, type FakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;
let api: FakeApi;

const GUEST = {
  id: null,
  username: 'Guest',
  membershipType: 'free',
  carNumber: null,
  phoneNumber: null,
  travelingWithAnimals: false,
  specialAnimalNeeds: '',
};
const ACCOUNT = {
  ...GUEST,
  id: 7,
  username: 'rider-7',
  phoneNumber: '604-555-0134',
  specialAnimalNeeds: 'A quiet corner',
};

/** The session pull's answer arriving: the account's profile replaces the guest's on the device. */
const sessionAnswers = () => storeProfile(database, ACCOUNT, Date.now());

function renderSettings() {
  return render(
    <MemoryRouter>
      <SettingsPage database={database} />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  database = freshDatabase();
  // The services pull finds no server answer here (404): what it logs is not the test's.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  api = fakeApi();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
  await database.meta.put({ key: META.userProfile, value: GUEST, updatedAt: 1 });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settings while the session pull answers', () => {
  it("keeps what the rider typed and shows the account's values in the fields they left", async () => {
    renderSettings();
    changeValue(await screen.findByLabelText('Car Number'), { target: { value: 'ABC 123' } });

    await sessionAnswers();

    await screen.findByDisplayValue('rider-7');
    expect(screen.getByLabelText('Car Number')).toHaveProperty('value', 'ABC 123');
    expect(screen.getByLabelText('Phone Number')).toHaveProperty('value', '604-555-0134');
  });

  it("still says 'Saving...' while the write is out", async () => {
    // The PATCHes are held: the server has not answered yet.
    api.answer(saveAccount, neverAnswered).answer(saveAnimalPreferences, neverAnswered);
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);

    await sessionAnswers();

    await screen.findByDisplayValue('rider-7');
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
  });
});
