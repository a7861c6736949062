import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { bannerInputSchema } from '@/domain/admin-banner';
import {
  BANNER_DEFAULT_BACKGROUND,
  BANNER_DEFAULT_TEXT,
  BANNER_FADE_MS,
  BANNER_ROTATION_MS,
  bannerColors,
  bannerIcon,
  nextBannerIndex,
  visibleBanners,
} from '@/domain/banner';

describe('banners (rider-core §3 Banner, §4 "dismissible banners … rotate every 5 s")', () => {
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

describe('a banner’s colours are always readable (rider-core §3 Banner; docs/home-and-away.md "Banners and the 911 button")', () => {
  it('keeps a white text readable on a pale background staff chose', () => {
    const { background, text } = bannerColors({ backgroundColor: '#ffff00', textColor: '#ffffff' });
    expect(text).toBe('#ffffff');
    expect(background).not.toBe('#ffff00');
  });

  it('falls back to the defaults for a colour it cannot read', () => {
    expect(bannerColors({ backgroundColor: 'not-a-colour', textColor: undefined })).toEqual({
      background: BANNER_DEFAULT_BACKGROUND,
      text: BANNER_DEFAULT_TEXT,
    });
  });

  it('rotates every 5 s and fades a dismissed banner over 300 ms', () => {
    expect([BANNER_ROTATION_MS, BANNER_FADE_MS]).toEqual([5_000, 300]);
  });
});

describe('the admin’s banner form (docs/home-and-away.md "Banners and the 911 button")', () => {
  const form = (patch: Record<string, unknown>) =>
    z.safeParse(bannerInputSchema, { title: 'Ferry', message: 'Late', ...patch });

  it('defaults to a dismissible, active info banner shown from now until switched off', () => {
    expect(form({}).data).toEqual({
      title: 'Ferry',
      message: 'Late',
      icon: 'info',
      dismissible: true,
      active: true,
      sortOrder: 0,
      startsAt: null,
      endsAt: null,
    });
  });

  it('needs a title and a message, and names what is missing', () => {
    expect(form({ title: '  ' }).error?.issues[0]?.message).toBe('Enter a title');
    expect(form({ message: '' }).error?.issues[0]?.message).toBe('Enter a message');
    expect(form({ title: 'x'.repeat(121) }).success).toBe(false);
    expect(form({ message: 'x'.repeat(501) }).success).toBe(false);
  });

  it("takes only the spec's icons", () => {
    for (const icon of ['alert-triangle', 'info', 'heart', 'navigation', 'clock'])
      expect(form({ icon }).success).toBe(true);
    expect(form({ icon: 'rocket' }).success).toBe(false);
  });

  it('wants the end after the start, and both within the years 2000-2100', () => {
    const refused = form({ startsAt: '2026-07-10T12:00:00Z', endsAt: '2026-07-10T12:00:00Z' });
    expect(refused.error?.issues[0]).toMatchObject({ message: 'The end must be after the start', path: ['endsAt'] });
    expect(form({ startsAt: '2026-07-10T12:00:00Z', endsAt: '2026-07-10T12:00:01Z' }).success).toBe(true);
    expect(form({ endsAt: '2126-07-10T12:00:00Z' }).success).toBe(false);
  });
});
