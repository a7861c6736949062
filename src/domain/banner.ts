/**
 * Home banners (rider-core §3 Banner, §4, §9): the shape GET /api/banners answers, the icons a banner
 * may name, its colour defaults, and the rotation and fade timings of the home carousel. The admin's
 * banners, with their order and schedule, are in ./admin-banner.ts: home's first screen builds none
 * of their schemas.
 *
 * Invariant: colours are CSS colour strings chosen by staff; a missing, blank or unreadable one falls
 * back to the spec's defaults (blue background, white text), and every pair shown passes 4.5:1.
 */
import { z } from 'zod/mini';

import { readablePair } from './contrast';

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
