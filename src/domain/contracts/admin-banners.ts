/**
 * The admin's management of home banners (rider-core §3 Banner, §7; Settings tab: create, edit,
 * schedule, expire; every change is audited).
 */
import { z } from 'zod/mini';

import { adminBannerSchema, bannerInputSchema } from '../admin-banner';
import { defineContract } from './contract';

export const listBanners = defineContract({
  method: 'GET',
  path: '/api/admin/banners',
  summary: 'Every banner with its order, switch and schedule',
  tag: 'Banners',
  access: 'admin',
  responses: { 200: z.array(adminBannerSchema) },
});

export const createBanner = defineContract({
  method: 'POST',
  path: '/api/admin/banners',
  summary: 'Creates a banner',
  tag: 'Banners',
  access: 'admin',
  body: bannerInputSchema,
  responses: { 201: adminBannerSchema },
});

export const updateBanner = defineContract({
  method: 'PUT',
  path: '/api/admin/banners/:id',
  summary: "Replaces a banner's fields (active false expires it); 404 for an unknown id",
  tag: 'Banners',
  access: 'admin',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  body: bannerInputSchema,
  responses: { 200: adminBannerSchema },
});
