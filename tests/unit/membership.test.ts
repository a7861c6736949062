import { describe, expect, it } from 'vitest';

import {
  canStartTrial,
  canUseMemberPerks,
  canUseNinjaBooking,
  contributorBadge,
  earnsContributor,
  membershipCardsFor,
  membershipLabel,
  trialDaysLeft,
} from '@/domain/membership';

const titles = (type: string) =>
  membershipCardsFor(type).map((card) => `${card.title} -> ${card.actionText} /${card.to}`);

describe('tier gates (membership §6)', () => {
  it.each([
    ['free', false, false],
    ['premium', false, true],
    ['ninja', true, true],
    ['premium_plus', true, true],
    ['contributor', true, true],
    [undefined, false, false],
  ])('%s: ninja booking %s, games and passes %s', (tier, ninja, perks) => {
    expect(canUseNinjaBooking(tier)).toBe(ninja);
    expect(canUseMemberPerks(tier)).toBe(perks);
  });
});

describe('trials (membership §9)', () => {
  it('offers Premium to free riders and Ninja to free and premium riders, each once', () => {
    expect(canStartTrial('premium', 'free', [])).toBe(true);
    expect(canStartTrial('premium', 'free', ['premium'])).toBe(false);
    expect(canStartTrial('premium', 'premium', [])).toBe(false);
    expect(canStartTrial('ninja', 'premium', ['premium'])).toBe(true);
    expect(canStartTrial('ninja', 'contributor', [])).toBe(false);
  });

  it('counts the days left', () => {
    const now = Date.parse('2026-07-01T00:00:00Z');
    const day = 86_400_000;
    expect(trialDaysLeft(new Date(now + 7 * day + 60_000).toISOString(), now)).toBe(7);
    expect(trialDaysLeft(new Date(now + 3 * day).toISOString(), now)).toBe(3);
    expect(trialDaysLeft(new Date(now + 3_600_000).toISOString(), now)).toBe(1);
    expect(trialDaysLeft(new Date(now - 1).toISOString(), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });

  it('earns Contributor with 50 accurate photos or 95 % accuracy', () => {
    expect(earnsContributor({ accuratePhotos: 50, validationAccuracy: null })).toBe(true);
    expect(earnsContributor({ accuratePhotos: 49, validationAccuracy: 0.94 })).toBe(false);
    expect(earnsContributor({ accuratePhotos: 0, validationAccuracy: 0.95 })).toBe(true);
  });
});

describe('membership cards (rider-core §2 Home, §6)', () => {
  it('shows exactly the cards of each membership type', () => {
    expect(titles('free')).toEqual(['Upgrade to Ninja Booking -> Learn More /ninja']);
    expect(titles('premium')).toEqual([
      'Upgrade to Ninja Booking -> Learn More /ninja',
      'Emergency Exception Pass -> Request Pass /exception-pass',
    ]);
    expect(titles('ninja')).toEqual([
      'Ninja Booking Active -> Manage /ninja',
      'Emergency Exception Pass -> Request Pass /exception-pass',
    ]);
    expect(titles('contributor')).toEqual([
      'Ninja Booking Active -> Manage /ninja',
      'Emergency Exception Pass -> Request Pass /exception-pass',
    ]);
    // premium_plus is the Ninja tier under its marketed name: it may use Ninja Booking, so it gets its card.
    expect(titles('premium_plus')).toEqual([
      'Ninja Booking Active -> Manage /ninja',
      'Emergency Exception Pass -> Request Pass /exception-pass',
    ]);
    expect(titles('unknown')).toEqual([]);
  });

  it('labels membership types', () => {
    expect(membershipLabel('premium_plus')).toBe('Premium Plus');
    expect(membershipLabel('free')).toBe('Free');
  });
});

describe('contributor badge (rider-core §4 "Contributor badge by contributionScore")', () => {
  it.each([
    [0, 'New Contributor'],
    [99, 'New Contributor'],
    [100, 'Ferry Helper'],
    [499, 'Ferry Helper'],
    [500, 'Queue Expert'],
    [999, 'Queue Expert'],
    [1000, 'Data Legend'],
    [undefined, 'New Contributor'],
  ])('score %s is %s', (score, badge) => {
    expect(contributorBadge(score)).toBe(badge);
  });
});
