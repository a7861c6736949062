/**
 * Banners as the admin manages them (rider-core §3 Banner, §7; Settings tab: create, edit, schedule,
 * expire): the shape GET/POST/PUT /api/admin/banners answer and the form's input. Apart from the
 * riders' banners (./banner.ts), which home's first screen reads: the schemas here are built only by
 * the back office and the server.
 */
import { z } from 'zod/mini';

import { BANNER_ICONS } from './banner';
import { INSTANT_RANGE_MESSAGE, instantInRange } from './value-ranges';

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
