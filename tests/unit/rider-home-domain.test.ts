import { describe, expect, it } from 'vitest';

import { awayReturnAlertText, queueMovingAlertText } from '@/domain/away-alert-text';
import {
  BANNER_DEFAULT_BACKGROUND,
  BANNER_DEFAULT_TEXT,
  bannerColors,
  bannerIcon,
  nextBannerIndex,
  visibleBanners,
} from '@/domain/banner';
import {
  ferryStatusLabel,
  knotsText,
  onTimeText,
  trackerEtaMinutes,
  trackerEtaText,
  trackerStatusLine,
} from '@/domain/live-tracker';
import { contributorBadge, membershipCardsFor, membershipLabel } from '@/domain/membership';
import { peaceOfMindFigures } from '@/domain/peace-of-mind';

const titles = (type: string) =>
  membershipCardsFor(type).map((card) => `${card.title} -> ${card.actionText} /${card.to}`);

describe('membership cards (rider-core §2)', () => {
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

describe('contributor badge (rider-core §4)', () => {
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

describe('Peace of Mind figures', () => {
  it("has no figures while no position is known: the spec's example 23 is not a rider's position", () => {
    expect(peaceOfMindFigures(null)).toBeNull();
    expect(peaceOfMindFigures(undefined)).toBeNull();
  });

  it('uses the real position and position − 1 cars ahead when known; the bar is clamped', () => {
    expect(peaceOfMindFigures({ positionInQueue: 12 })).toEqual({ position: 12, carsAhead: 11, barPercent: 40 });
    expect(peaceOfMindFigures({ positionInQueue: 1 })?.carsAhead).toBe(0);
    expect(peaceOfMindFigures({ positionInQueue: 45 })?.barPercent).toBe(100);
  });
});

describe('Live Tracker figures', () => {
  const now = Date.parse('2026-03-02T18:00:00Z');
  it('gives the ETA as the arrival, rounded up and never below 0, and says when a docked vessel leaves', () => {
    const enRoute = { status: 'en_route', arrivalTime: '2026-03-02T18:07:30Z', departureTime: '2026-03-02T19:00:00Z' };
    expect(trackerEtaMinutes(enRoute, now)).toBe(8);
    expect(trackerEtaText(enRoute, now)).toBe('ETA: 8 min');
    const docked = { status: 'docked', departureTime: '2026-03-02T18:20:00Z', arrivalTime: '2026-03-02T19:00:00Z' };
    expect(trackerEtaText(docked, now)).toBe('ETA: 60 min · Departs in 20 min');
    expect(trackerEtaText({ status: 'docked', departureTime: '2026-03-02T18:20:00Z' }, now)).toBe(
      'ETA: N/A · Departs in 20 min',
    );
    expect(
      trackerEtaMinutes(
        { status: 'docked', departureTime: '2026-03-02T17:00:00Z', arrivalTime: '2026-03-02T17:40:00Z' },
        now,
      ),
    ).toBe(0);
    expect(trackerEtaText({ status: 'en_route', departureTime: '2026-03-02T18:20:00Z' }, now)).toBe('ETA: N/A');
  });

  it('says "On Time" or "+N min" from delayMinutes', () => {
    expect(onTimeText({})).toBe('On Time');
    expect(onTimeText({ delayMinutes: 0 })).toBe('On Time');
    expect(onTimeText({ delayMinutes: 7 })).toBe('+7 min');
  });

  it('labels status and speed', () => {
    expect(ferryStatusLabel('en_route')).toBe('En route');
    expect(ferryStatusLabel('delayed')).toBe('Delayed');
    expect(knotsText(18.46)).toBe('18.5 kn');
  });
});

describe('banners', () => {
  it('falls back to blue / white and the info icon', () => {
    expect(bannerColors({ backgroundColor: null, textColor: ' ' })).toEqual({
      background: BANNER_DEFAULT_BACKGROUND,
      text: BANNER_DEFAULT_TEXT,
    });
    expect(bannerColors({ backgroundColor: '#123456', textColor: '#fff' })).toEqual({
      background: '#123456',
      text: '#ffffff',
    });
    expect(bannerIcon('heart')).toBe('heart');
    expect(bannerIcon('rocket')).toBe('info');
  });

  it('hides dismissed banners and wraps the rotation', () => {
    expect(visibleBanners([{ id: 'a' }, { id: 'b' }], ['a'])).toEqual([{ id: 'b' }]);
    expect(nextBannerIndex(0, 3)).toBe(1);
    expect(nextBannerIndex(2, 3)).toBe(0);
    expect(nextBannerIndex(0, 0)).toBe(0);
  });
});

describe('away alert texts', () => {
  it('name the place and the threshold', () => {
    expect(awayReturnAlertText({ currentLocation: 'Coffee Bar', alertThresholdMinutes: 5 }).body).toContain(
      'Coffee Bar',
    );
    expect(queueMovingAlertText().title).toBe('Your queue is moving');
  });
});

describe('the tracker status line', () => {
  const entry = { route: 'Horseshoe Bay - Departure Bay', terminalId: 'horseshoe-bay', speed: 18.44 };
  it('names where a vessel under way is heading, not the route of its next departure', () => {
    expect(trackerStatusLine({ ...entry, status: 'en_route' })).toBe('En route to Horseshoe Bay · 18.4 kn');
  });
  it('names the route of the coming departure at the berth', () => {
    expect(trackerStatusLine({ ...entry, status: 'docked', speed: 0 })).toBe(
      'Docked · Horseshoe Bay - Departure Bay · 0 kn',
    );
    expect(trackerStatusLine({ ...entry, status: 'delayed', speed: 0 })).toBe(
      'Delayed · Horseshoe Bay - Departure Bay · 0 kn',
    );
  });
});
