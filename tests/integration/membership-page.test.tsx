/**
 * The membership page (/app/membership) and the upsells that lead to it: plans and prices, what each
 * unlocks, the one-time trials, the rider's own status, and how membership is offered with no
 * payment provider (nothing pretends to charge).
 */
import { cleanup, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { NO_PAYMENT_NOTE } from '@/domain/membership-plans';
import { GamesPage } from '@/features/games/games-page';
import { MembershipPage } from '@/features/membership/membership-page';
import { NinjaPage } from '@/features/ninja/ninja-page';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;

beforeEach(async () => {
  database = freshDatabase();
  fakeApi().down(503);
  await database.meta.put({
    key: META.userProfile,
    value: { username: 'rider-4', membershipType: 'free', premiumExpiresAt: null, trialsUsed: ['premium'] },
    updatedAt: 1,
  });
});

afterEach(() => {
  cleanup();
});

describe('membership page', () => {
  it("shows the rider's plan, every plan with its price and what it unlocks, the trials, and that nothing is charged", async () => {
    render(
      <MemoryRouter>
        <MembershipPage database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Free trials used: Premium.')).toBeTruthy();
    expect(screen.getByText(NO_PAYMENT_NOTE)).toBeTruthy();
    const plans = screen.getByRole('list', { name: 'Plans' });
    const free = within(plans).getByRole('heading', { name: /^Free/ }).closest('li')!;
    expect(within(free).getByText('Your plan')).toBeTruthy();
    const premium = within(plans).getByRole('heading', { name: 'Premium' }).closest('li')!;
    expect(within(premium).getByText('$4.99')).toBeTruthy();
    expect(within(premium).getByRole('list', { name: 'Premium unlocks' }).textContent).toContain(
      'Emergency Exception Pass requests',
    );
    expect(
      within(premium).getByText(
        'You have had your Premium trial. Paid sign-up opens once a payment provider is connected.',
      ),
    ).toBeTruthy();
    const ninja = within(plans).getByRole('heading', { name: 'Ninja / Premium Plus' }).closest('li')!;
    expect(within(ninja).getByText('$11.99')).toBeTruthy();
    expect(
      within(ninja).getByText('$25 per successful booking, only once Deckhand can book for you; no booking fee'),
    ).toBeTruthy();
    expect(await within(ninja).findByRole('button', { name: 'Start 7-day free Ninja trial' })).toBeTruthy();
    const contributor = within(plans).getByRole('heading', { name: 'Contributor' }).closest('li')!;
    expect(within(contributor).getByRole('link', { name: 'Earn it: Contribute Photos' }).getAttribute('href')).toBe(
      '/app/contributions',
    );
  });

  it('every "Upgrade to …" link leads to it', async () => {
    render(
      <MemoryRouter>
        <GamesPage database={database} />
        <NinjaPage database={database} />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('link', { name: 'Upgrade to Premium - $4.99/month' })).getAttribute('href')).toBe(
      '/app/membership',
    );
    expect(
      (await screen.findByRole('link', { name: 'Upgrade to Premium Plus - $11.99/month' })).getAttribute('href'),
    ).toBe('/app/membership');
  });
});
