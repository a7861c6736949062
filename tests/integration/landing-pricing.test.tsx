import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { db, META } from '@/data/db';
import { LandingPage } from '@/features/landing/landing-page';

afterEach(async () => {
  cleanup();
  await db.meta.clear();
});

function renderLanding() {
  render(
    <MemoryRouter initialEntries={['/landing']}>
      <LandingPage />
    </MemoryRouter>,
  );
}

const plan = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('landing pricing', () => {
  it('lists only what Premium really unlocks: none of the benefits Deckhand does not make', () => {
    renderLanding();
    const premium = within(plan('Premium'));
    expect(premium.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '7-day free trial',
      'Everything in Free',
      'Games: a jigsaw from your own photo',
      'Emergency Exception Pass requests',
    ]);
    for (const feature of [
      'Priority boarding alerts',
      'Exclusive insights',
      'Advanced queue tracking',
      'Premium support',
      'No ads',
      /à la carte/,
    ]) {
      expect(screen.queryByText(feature)).toBeNull();
    }
    expect(premium.getByText('$4.99')).toBeTruthy();
    expect(
      screen.getByText(/Deckhand takes no payments yet\. Paid plans open once a payment provider is connected/),
    ).toBeTruthy();
  });

  it('says Ninja alerts the rider, and the $25 fee applies only once Deckhand can book', () => {
    renderLanding();
    const ninja = within(plan('Ninja / Premium Plus'));
    expect(ninja.getByText(/alert you the moment a space opens/)).toBeTruthy();
    expect(
      ninja.getByText('$25 per successful booking, only once Deckhand can book for you; no booking fee'),
    ).toBeTruthy();
  });

  it('says what the 98% queue accuracy claim is measured on and links to how accuracy is computed', () => {
    renderLanding();
    const claim = screen.getByText('98% queue accuracy').parentElement!;
    expect(within(claim).getByText(/target for photo-verified positions/)).toBeTruthy();
    const link = within(claim).getByRole('link', { name: 'How position accuracy is computed' });
    const target = document.getElementById(link.getAttribute('href')!.slice(1))!;
    expect(within(target).getByRole('heading', { level: 2, name: 'How position accuracy is computed' })).toBeTruthy();
    expect(within(target).getByText(/High at 95% and above, Good at 85% and above/)).toBeTruthy();
  });

  it('offers the Premium and Ninja 7-day free trials to a rider who has not had them, and opens the app otherwise', async () => {
    await db.meta.put({
      key: META.userProfile,
      value: { username: 'rider-3', membershipType: 'free', trialsUsed: ['premium'] },
      updatedAt: 1,
    });
    renderLanding();
    expect(
      await within(plan('Ninja / Premium Plus')).findByRole('button', { name: 'Start 7-day free Ninja trial' }),
    ).toBeTruthy();
    // Premium was tried already: its plan opens the app's membership page.
    expect(within(plan('Premium')).getByRole('link', { name: 'See membership' }).getAttribute('href')).toBe(
      '/app/membership',
    );
    expect(within(plan('Premium')).queryByRole('button')).toBeNull();
  });
});
