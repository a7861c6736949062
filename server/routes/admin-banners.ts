/**
 * Banner management (admin dashboard Settings): the banners riders see on home, created, edited,
 * scheduled (startsAt/endsAt) and expired (active false) by an admin; every change is audited
 * (server/banners/banner-repository.ts).
 * - GET /api/admin/banners → every banner, with its schedule.
 * - POST /api/admin/banners {title, message, …} → 201 the banner.
 * - PUT /api/admin/banners/:id {…} → the banner; 404 for an unknown id.
 */
import type { FastifyInstance } from 'fastify';

import { createBanner, listBanners, updateBanner } from '@/domain/contracts/admin-banners';

import * as banners from '../banners/banner-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';

export function registerAdminBannerRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  route(api, listBanners, {}, async () => banners.listBanners(database));

  route(api, createBanner, {}, async (request, reply, account) => {
    return reply.send(
      await commitWrite(database, request, reply, 201, (tx) => banners.createBanner(tx, account, request.body)),
    );
  });

  route(api, updateBanner, {}, async (request, reply, account) => {
    return reply.send(
      await commitWrite(database, request, reply, 200, (tx) =>
        banners.updateBanner(tx, account, request.params.id, request.body),
      ),
    );
  });
}
