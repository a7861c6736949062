import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';

import { db, META } from '@/data/db';
import { getProfile, startTrial } from '@/domain/contracts/users';
import { LandingPage } from '@/features/landing/landing-page';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, reply } from '../kit/client/fake-api';

afterEach(async () => {
  cleanup();
  // Only a test that used the device opened it (the trial offer's own test checks it stays closed).
  if (db.isOpen()) await Promise.all([db.meta.clear(), db.settingsWrites.clear(), db.outbox.clear()]);
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

  it("offers the Premium and Ninja 7-day free trials as the server's profile allows, without opening the device database", async () => {
    const api = fakeApi().answer(getProfile, riderProfile({ membershipType: 'free', trialsUsed: ['premium'] }));
    renderLanding();
    expect(
      await within(plan('Ninja / Premium Plus')).findByRole('button', { name: 'Start 7-day free Ninja trial' }),
    ).toBeTruthy();
    // Premium was tried already: its plan opens the app's membership page.
    expect(within(plan('Premium')).getByRole('link', { name: 'See membership' }).getAttribute('href')).toBe(
      '/app/membership',
    );
    expect(within(plan('Premium')).queryByRole('button')).toBeNull();
    // One question for both plans, and nothing read from or stored on the device.
    expect(api.callsTo(getProfile)).toHaveLength(1);
    expect(db.isOpen()).toBe(false);
  });

  it('starts the trial through the device on the press, once, and then opens the app', async () => {
    const api = fakeApi()
      .answer(getProfile, riderProfile({ membershipType: 'free' }))
      .answer(startTrial, riderProfile({ membershipType: 'premium', trialsUsed: ['premium'] }));
    renderLanding();
    fireEvent.click(await within(plan('Premium')).findByRole('button', { name: 'Start 7-day free Premium trial' }));
    expect(await within(plan('Premium')).findByRole('link', { name: 'See membership' })).toBeTruthy();
    expect(api.callsTo(startTrial).map((call) => call.body)).toEqual([{ tier: 'premium' }]);
  });

  it("a refused trial shows the server's reason until the visitor dismisses it, then offers the trial again", async () => {
    fakeApi()
      .answer(getProfile, riderProfile({ membershipType: 'free' }))
      .answer(startTrial, reply(409, { error: 'trial_used', message: 'You have already tried Premium.' }));
    renderLanding();
    fireEvent.click(await within(plan('Premium')).findByRole('button', { name: 'Start 7-day free Premium trial' }));
    const refusal = await within(plan('Premium')).findByRole('alert');
    expect(refusal.textContent).toContain('You have already tried Premium.');
    fireEvent.click(within(refusal).getByRole('button', { name: 'Dismiss' }));
    expect(await within(plan('Premium')).findByRole('button', { name: 'Start 7-day free Premium trial' })).toBeTruthy();
    expect(within(plan('Premium')).queryByRole('alert')).toBeNull();
  });

  it('a press without signal says the trial starts once back online, and sends it then', async () => {
    const api = fakeApi()
      .answer(getProfile, riderProfile({ membershipType: 'free' }))
      .answer(startTrial, riderProfile({ membershipType: 'premium', trialsUsed: ['premium'] }));
    renderLanding();
    const start = await within(plan('Premium')).findByRole('button', { name: 'Start 7-day free Premium trial' });
    api.offline();
    fireEvent.click(start);
    expect((await within(plan('Premium')).findByRole('status')).textContent).toBe(
      'Your 7-day free Premium trial starts as soon as you are back online.',
    );
    expect(api.callsTo(startTrial)).toHaveLength(0);
    // The request waits in the device's outbox, once.
    expect(await db.outbox.count()).toBe(1);
  });

  it("offline, the device's cached profile says whether the trial is on offer", async () => {
    fakeApi().offline();
    await db.meta.put({
      key: META.userProfile,
      value: riderProfile({ membershipType: 'free', trialsUsed: ['premium'] }),
      updatedAt: 1,
    });
    renderLanding();
    expect(
      await within(plan('Ninja / Premium Plus')).findByRole('button', { name: 'Start 7-day free Ninja trial' }),
    ).toBeTruthy();
    expect(within(plan('Premium')).queryByRole('button')).toBeNull();
  });
});
