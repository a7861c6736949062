/**
 * Home banners (rider-core §3 Banner, §4, §9): the shape GET /api/banners answers, the icons a banner
 * may name, its colour defaults, and the rotation and fade timings of the home carousel.
 *
 * Invariant: colours are CSS colour strings chosen by staff; a missing, blank or unreadable one falls
 * back to the spec's defaults (blue background, white text), and every pair shown passes 4.5:1.
 */
import { z } from 'zod/mini';

import { readablePair } from './contrast';
import { INSTANT_RANGE_MESSAGE, instantInRange } from './value-ranges';

export const BANNER_ICONS = ['alert-triangle', 'info', 'heart', 'navigation', 'clock'] as const;
export type BannerIcon = (typeof BANNER_ICONS)[number];

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  icon: z.optional(z.nullable(z.string())),
  backgroundColor: z.optional(z.nullable(z.string())),
  textColor: z.optional(z.nullable(z.string())),
  dismissible: z.optional(z.boolean()),
  actionText: z.optional(z.nullable(z.string())),
  actionUrl: z.optional(z.nullable(z.string())),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);

/** A banner as the admin manages it (GET/POST/PUT /api/admin/banners): with its order, switch and schedule. */
export const adminBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  icon: z.enum(BANNER_ICONS),
  backgroundColor: z.string(),
  textColor: z.string(),
  dismissible: z.boolean(),
  actionText: z.nullable(z.string()),
  actionUrl: z.nullable(z.string()),
  sortOrder: z.number(),
  active: z.boolean(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

const bannerInstant = z.iso.datetime({ offset: true }).check(z.refine(instantInRange, INSTANT_RANGE_MESSAGE));

/** What the admin's banner form sends: shown from `startsAt` (null = now) until `endsAt` (null = until switched off). */
export const bannerInputSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(120)),
    message: z.string().check(z.trim(), z.minLength(1, 'Enter a message'), z.maxLength(500)),
    icon: z._default(z.enum(BANNER_ICONS), 'info'),
    dismissible: z._default(z.boolean(), true),
    active: z._default(z.boolean(), true),
    sortOrder: z._default(z.number().check(z.int(), z.minimum(0), z.maximum(1000)), 0),
    startsAt: z._default(z.nullable(bannerInstant), null),
    endsAt: z._default(z.nullable(bannerInstant), null),
  })
  .check(
    z.refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
      message: 'The end must be after the start',
      path: ['endsAt'],
    }),
  );
export type BannerInput = z.infer<typeof bannerInputSchema>;

/** rider-core §3: "backgroundColor (default blue), textColor (default white)". */
export const BANNER_DEFAULT_BACKGROUND = '#0b4f8a';
export const BANNER_DEFAULT_TEXT = '#ffffff';
/** rider-core §4, §9: banners rotate every 5 s; a dismissed one fades out over 300 ms. */
export const BANNER_ROTATION_MS = 5_000;
export const BANNER_FADE_MS = 300;

/** An icon the carousel can draw; unknown names fall back to "info". */
export function bannerIcon(icon: string | null | undefined): BannerIcon {
  return (BANNER_ICONS as readonly string[]).includes(icon ?? '') ? (icon as BannerIcon) : 'info';
}

/**
 * The colours a banner is drawn in: the staff's (defaults blue / white), made readable — every pair
 * reaches 4.5:1 (./contrast.ts keeps the hue and darkens or lightens the background as needed).
 */
export function bannerColors(banner: Pick<Banner, 'backgroundColor' | 'textColor'>): {
  background: string;
  text: string;
} {
  return readablePair(
    banner.backgroundColor?.trim() || BANNER_DEFAULT_BACKGROUND,
    banner.textColor?.trim() || BANNER_DEFAULT_TEXT,
    {
      background: BANNER_DEFAULT_BACKGROUND,
      text: BANNER_DEFAULT_TEXT,
    },
  );
}

/** The banners still to show: the server's list minus the ones dismissed on this device. */
export function visibleBanners<T extends { id: string }>(banners: readonly T[], dismissed: readonly string[]): T[] {
  return banners.filter((banner) => !dismissed.includes(banner.id));
}

/** The next slide index after `current` among `count` slides (wraps; 0 when there are none). */
export function nextBannerIndex(current: number, count: number): number {
  return count <= 0 ? 0 : (current + 1) % count;
}
