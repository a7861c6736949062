/**
 * GET /api/banners (rider-core §3 Banner, §7): the active banners, lowest sortOrder first, in the spec's
 * shape `{ id, title, message, icon, backgroundColor, textColor, dismissible, actionText, actionUrl }`.
 * actionText and actionUrl are null for a banner without an action. Dismissal is per device (client).
 * A banner the admin scheduled shows only between its startsAt and endsAt (server/routes/admin-banners.ts).
 */
import type { FastifyInstance } from 'fastify';

import { activeBanners } from '@/domain/contracts/banners';

import { readActiveBanners } from '../banners/banner-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';

export function registerBannerRoutes(api: FastifyInstance, deps: { database: Database }): void {
  route(api, activeBanners, {}, () => readActiveBanners(deps.database));
}
