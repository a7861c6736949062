/**
 * Banner management (admin dashboard Settings): the banners riders see on home, created, edited,
 * scheduled (startsAt/endsAt) and expired (active false) by an admin; every change is audited.
 * - GET /api/admin/banners → every banner, with its schedule.
 * - POST /api/admin/banners {title, message, …} → 201 the banner (id made from the title).
 * - PUT /api/admin/banners/:id {…} → the banner; 404 for an unknown id.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INSTANT_RANGE_MESSAGE, instantInRange } from '@/domain/value-ranges';
import { BANNER_ICONS } from '@/domain/banner';
import { backOfficeAccount } from '../auth/back-office-session';
import { createBanner, listBanners, updateBanner } from '../banners/banner-repository';
import type { Database } from '../db/client';
import { parseBody, parseParams } from '../http/errors';
import { commitWrite } from '../http/idempotency';

const bannerInput = z
  .object({
    title: z.string().trim().min(1, 'Enter a title').max(120),
    message: z.string().trim().min(1, 'Enter a message').max(500),
    icon: z.enum(BANNER_ICONS).default('info'),
    dismissible: z.boolean().default(true),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(1000).default(0),
    startsAt: z.iso.datetime({ offset: true }).refine(instantInRange, INSTANT_RANGE_MESSAGE).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).refine(instantInRange, INSTANT_RANGE_MESSAGE).nullable().default(null),
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), { message: 'The end must be after the start', path: ['endsAt'] });
const idParams = z.object({ id: z.string().min(1).max(100) });

export function registerAdminBannerRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  api.get('/admin/banners', { config: { role: 'admin' } }, async () => listBanners(database));

  api.post('/admin/banners', { config: { role: 'admin' } }, async (request, reply) => {
    const input = parseBody(bannerInput, request.body);
    const account = backOfficeAccount(request);
    const banner = await commitWrite(database, request, reply, 201, (tx) => createBanner(tx, account, input));
    return reply.send(banner);
  });

  api.put('/admin/banners/:id', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(bannerInput, request.body);
    const account = backOfficeAccount(request);
    const banner = await commitWrite(database, request, reply, 200, (tx) => updateBanner(tx, account, id, input));
    return reply.send(banner);
  });
}
