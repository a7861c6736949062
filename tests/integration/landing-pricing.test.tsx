import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
  it('lists the features Premium is advertised with', () => {
    renderLanding();
    const premium = within(plan('Premium'));
    for (const feature of ['Priority boarding alerts', 'Exclusive insights', 'Advanced queue tracking', 'Premium support', 'No ads']) {
      expect(premium.getByText(feature)).toBeTruthy();
    }
    expect(premium.getByText('$4.99')).toBeTruthy();
  });

  it('explains the Ninja $25 success fee and that Ninja subscribers pay no booking fee', () => {
    renderLanding();
    const ninja = within(plan('Ninja / Premium Plus'));
    expect(ninja.getByText(/\$25 success fee, charged only when Ninja Booking gets you a reservation/)).toBeTruthy();
    expect(ninja.getByText(/No booking fee: Ninja subscribers never pay/)).toBeTruthy();
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

  it("offers the Premium and Ninja 7-day free trials to a rider who has not had them, and opens the app otherwise", async () => {
    await db.meta.put({ key: META.userProfile, value: { username: 'rider-3', membershipType: 'free', trialsUsed: ['premium'] }, updatedAt: 1 });
    renderLanding();
    expect(await within(plan('Ninja / Premium Plus')).findByRole('button', { name: 'Start 7-day free Ninja trial' })).toBeTruthy();
    // Premium was tried already: its plan just opens the app.
    expect(within(plan('Premium')).getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/app');
    expect(within(plan('Premium')).queryByRole('button')).toBeNull();
  });
});
