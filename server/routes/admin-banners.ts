/**
 * Banner management (admin dashboard Settings): the banners riders see on home, created, edited,
 * scheduled (startsAt/endsAt) and expired (active false) by an admin; every change is audited.
 * - GET /api/admin/banners → every banner, with its schedule.
 * - POST /api/admin/banners {title, message, …} → 201 the banner (id made from the title).
 * - PUT /api/admin/banners/:id {…} → the banner; 404 for an unknown id.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INSTANT_RANGE_MESSAGE, instantInRange } from '@/domain/value-ranges';
import { BANNER_ICONS } from '@/domain/banner';
import { backOfficeAccount } from '../auth/back-office-session';
import { recordAudit } from '../back-office/audit';
import type { Database } from '../db/client';
import { banners } from '../db/schema';
import { httpError, parseBody, parseParams } from '../http/errors';
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

type Row = typeof banners.$inferSelect;

function toAdminBanner(row: Row) {
  return { ...row, startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null };
}

function values(input: z.infer<typeof bannerInput>) {
  return { ...input, startsAt: input.startsAt ? new Date(input.startsAt) : null, endsAt: input.endsAt ? new Date(input.endsAt) : null };
}

export function registerAdminBannerRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;

  api.get('/admin/banners', { config: { role: 'admin' } }, async () => {
    const rows = await database.db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
    return rows.map(toAdminBanner);
  });

  api.post('/admin/banners', { config: { role: 'admin' } }, async (request, reply) => {
    const input = parseBody(bannerInput, request.body);
    const account = backOfficeAccount(request);
    const banner = await commitWrite(database, request, reply, 201, async (tx) => {
      const [row] = await tx.insert(banners).values({ id: `admin-${randomUUID()}`, ...values(input) }).returning();
      await recordAudit(tx, account, 'banner.create', `banner ${row!.title}`);
      return toAdminBanner(row!);
    });
    return reply.send(banner);
  });

  api.put('/admin/banners/:id', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(bannerInput, request.body);
    const account = backOfficeAccount(request);
    const banner = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx.update(banners).set(values(input)).where(eq(banners.id, id)).returning();
      if (!row) throw httpError(404, 'not_found', `No banner ${id}`);
      await recordAudit(tx, account, input.active ? 'banner.update' : 'banner.expire', `banner ${row.title}`);
      return toAdminBanner(row);
    });
    return reply.send(banner);
  });
}
