/**
 * A free trial asked for from an upsell is a rider write like any other: with no signal it waits in
 * the outbox (said on screen, asked once however often the rider taps), it reaches the server once
 * when the phone reconnects, and the tier the server gives becomes the device's profile. A refusal
 * shows the server's reason until the rider dismisses it.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { startTrial } from '@/domain/contracts/users';
import type { UserProfile } from '@/domain/user-profile';
import { GamesPage } from '@/features/games/games-page';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { clearBackoff, flushOutbox } from '@/sync/flusher';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, noSignal, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;

const FREE_RIDER = riderProfile({ id: 7, username: 'rider-7' });

/**
 * The trials route: the first key starts the trial, a repeated key replays it, a second key is
 * refused. `loseFirstAnswer`: the first request is acted on but its answer never arrives.
 */
function fakeTrialServer({ alreadyTried = false, loseFirstAnswer = false } = {}) {
  const seen = new Map<string, UserProfile>();
  let lose = loseFirstAnswer;
  const api = fakeApi().answer(startTrial, ({ idempotencyKey: key }) => {
    if (key && seen.has(key)) return seen.get(key)!;
    if (alreadyTried || seen.size > 0)
      return reply(409, {
        error: 'trial_used',
        message: 'You have already tried Premium; each trial is offered once.',
      });
    const profile = riderProfile({
      ...FREE_RIDER,
      membershipType: 'premium',
      premiumExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      trialsUsed: ['premium'],
    });
    if (key) seen.set(key, profile);
    if (lose) {
      lose = false;
      return noSignal();
    }
    return profile;
  });
  return { requests: () => api.callsTo(startTrial).map(({ idempotencyKey, body }) => ({ key: idempotencyKey, body })) };
}

function renderGames() {
  return render(
    <MemoryRouter>
      <GamesPage database={database} />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  database = freshDatabase();
  await database.meta.put({ key: META.userProfile, value: FREE_RIDER, updatedAt: 1 });
});

afterEach(() => {
  cleanup();
  useConnectivityStore.setState({ online: true });
});

describe('a free trial from the games upsell', () => {
  it('waits offline, is asked for once, and starts when the phone reconnects', async () => {
    const server = fakeTrialServer({ loseFirstAnswer: true });
    useConnectivityStore.setState({ online: false });
    renderGames();

    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day free Premium trial' }));
    expect(
      await screen.findByText('Your 7-day free Premium trial starts as soon as you are back online.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start 7-day free Premium trial' })).toBeNull();
    expect(await database.outbox.count()).toBe(1);
    expect(server.requests()).toHaveLength(0);

    useConnectivityStore.setState({ online: true });
    await flushOutbox({ database });
    expect(await database.outbox.count()).toBe(1);
    // The answer was lost: the retry carries the same key, so the server replays instead of refusing.
    await clearBackoff(database);
    await flushOutbox({ database });
    expect(server.requests()).toHaveLength(2);
    expect(server.requests()[1]).toEqual(server.requests()[0]);
    expect(server.requests()[0]).toEqual({ key: expect.any(String), body: { tier: 'premium' } });

    // The server's profile is the device's now: the rider is a member, and the game replaces the upsell.
    const cached = (await database.meta.get(META.userProfile))?.value as {
      membershipType: string;
      trialsUsed: string[];
    };
    expect(cached.membershipType).toBe('premium');
    expect(cached.trialsUsed).toEqual(['premium']);
    expect(await screen.findByRole('button', { name: 'Start Puzzle' })).toBeTruthy();
    expect(await database.outbox.count()).toBe(0);
  });

  it('shows the server refusal until the rider dismisses it', async () => {
    // Another device already used this rider's Premium trial; this one has not heard yet.
    fakeTrialServer({ alreadyTried: true });
    renderGames();

    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day free Premium trial' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You have already tried Premium; each trial is offered once.',
    );
    expect((await database.meta.get(META.userProfile))?.value).toMatchObject({ membershipType: 'free' });

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await database.outbox.count()).toBe(0);
  });
});
