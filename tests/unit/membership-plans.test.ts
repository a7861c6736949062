import { describe, expect, it } from 'vitest';

import { canUseMemberPerks, canUseNinjaBooking } from '@/domain/membership';
import { COMPARISON, NO_PAYMENT_NOTE, planIdFor, PLANS } from '@/domain/membership-plans';

const plan = (id: string) => PLANS.find((p) => p.id === id)!;

describe('the membership plans (membership §2 Landing page "Four pricing plans", §6, §9; rider-core §6)', () => {
  it("prices the four plans at the spec's figures", () => {
    expect(PLANS.map((p) => [p.id, p.price, p.cadence ?? ''])).toEqual([
      ['free', '$0', ''],
      ['premium', '$4.99', '/month'],
      ['ninja', '$11.99', '/month'],
      ['contributor', 'Free', ''],
    ]);
  });

  it('names Ninja by its marketed name too, and offers a 7-day trial on the paid plans', () => {
    expect(plan('ninja').name).toBe('Ninja / Premium Plus');
    expect(plan('premium').notes).toContain('7-day free trial');
    expect(plan('ninja').notes).toContain('7-day free trial');
  });

  it('says how Contributor is earned: 50+ accurate photos or 95% validation accuracy', () => {
    expect(plan('contributor').notes).toContain('Earned by 50+ accurate photos or 95% validation accuracy');
  });

  it('charges the $25 success fee only once Deckhand can book, and promises nothing it does not make', () => {
    expect(plan('ninja').notes.some((note) => note.startsWith('$25 per successful booking'))).toBe(true);
    const allNotes = PLANS.flatMap((p) => p.notes).join(' ');
    for (const extra of ['no ads', 'priority boarding', 'premium support', '$45', '$55']) {
      expect(allNotes.toLowerCase(), extra).not.toContain(extra.toLowerCase());
    }
  });

  it('compares features exactly as the tiers unlock them', () => {
    const row = (feature: string) => COMPARISON.find((r) => r.feature === feature)!.plans;
    const tiers = ['free', 'premium', 'ninja', 'contributor'];
    expect(row('Ninja Booking')).toEqual(tiers.filter((t) => canUseNinjaBooking(t)));
    expect(row('Games')).toEqual(tiers.filter((t) => canUseMemberPerks(t)));
    expect(row('Emergency Exception Pass')).toEqual(tiers.filter((t) => canUseMemberPerks(t)));
    expect(row('Queue position')).toEqual(tiers);
  });

  it('puts each membership type in its plan; premium_plus is Ninja, anything else Free', () => {
    expect(['free', 'premium', 'ninja', 'premium_plus', 'contributor', 'gold', null, undefined].map(planIdFor)).toEqual(
      ['free', 'premium', 'ninja', 'ninja', 'contributor', 'free', 'free', 'free'],
    );
  });

  it('says plainly that no payment is taken', () => {
    expect(NO_PAYMENT_NOTE).toMatch(/^Deckhand takes no payments yet\./);
  });
});
