/**
 * Home banners as stored (rider-core §3 Banner): the ones riders see now (GET /api/banners and the
 * banner strip rendered into /app's HTML, server/http/first-screen.ts), and the admin's list, created
 * and edited with their schedule (shown from `startsAt` until `endsAt`, or switched off with
 * `active` false). Every admin change takes the route's transaction and writes its audit entry in it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';

import type { AdminBanner, BannerInput } from '@/domain/admin-banner';
import type { BannerIcon } from '@/domain/banner';

import { recordAudit } from '../audit/audit-log';
import type { BackOfficeAccount } from '../auth/back-office-session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { banners } from '../db/schema';
import { httpError } from '../http/errors';

/** A banner as riders get it, in the spec's shape; actionText and actionUrl are null without an action. */
export interface Banner {
  id: string;
  title: string;
  message: string;
  icon: BannerIcon;
  backgroundColor: string;
  textColor: string;
  dismissible: boolean;
  actionText: string | null;
  actionUrl: string | null;
}

type Row = typeof banners.$inferSelect;

function toAdminBanner(row: Row): AdminBanner {
  return { ...row, startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null };
}

function values(input: BannerInput) {
  return {
    ...input,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

/** The banners riders see now (active, inside their schedule), lowest sortOrder first. */
export async function readActiveBanners(database: Database): Promise<Banner[]> {
  const rows = await database.db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
        or(isNull(banners.endsAt), gt(banners.endsAt, sql`now()`)),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    icon: row.icon,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    dismissible: row.dismissible,
    actionText: row.actionText,
    actionUrl: row.actionUrl,
  }));
}

/** Every banner, scheduled, running or switched off, in the riders' order. */
export async function listBanners(database: Database): Promise<AdminBanner[]> {
  const rows = await database.db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map(toAdminBanner);
}

export async function createBanner(tx: Db, actor: BackOfficeAccount, input: BannerInput): Promise<AdminBanner> {
  const [row] = await tx
    .insert(banners)
    .values({ id: `admin-${randomUUID()}`, ...values(input) })
    .returning();
  await recordAudit(tx, actor, 'banner.create', `banner ${row!.title}`);
  return toAdminBanner(row!);
}

/** Replaces a banner's fields; switching it off is audited as expiring it. 404 for an unknown id. */
export async function updateBanner(
  tx: Db,
  actor: BackOfficeAccount,
  id: string,
  input: BannerInput,
): Promise<AdminBanner> {
  const [row] = await tx.update(banners).set(values(input)).where(eq(banners.id, id)).returning();
  if (!row) throw httpError(404, 'not_found', `No banner ${id}`);
  await recordAudit(tx, actor, input.active ? 'banner.update' : 'banner.expire', `banner ${row.title}`);
  return toAdminBanner(row);
}
