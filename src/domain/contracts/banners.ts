/**
 * Home banners (rider-core §3 Banner, §7): the ones riders see now. The admin's management of them is
 * in ./admin-banners.ts (home's first screen loads this file, and builds none of the admin's schemas).
 */
import { bannerListSchema } from '../banner';
import { defineContract } from './contract';

export const activeBanners = defineContract({
  method: 'GET',
  path: '/api/banners',
  summary: 'The banners riders see now (active, inside their schedule), lowest sortOrder first',
  tag: 'Banners',
  access: 'anyone',
  responses: { 200: bannerListSchema },
});
