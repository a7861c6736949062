/**
 * GET /api/banners (rider-core §3 Banner, §7): the active banners, lowest sortOrder first, in the spec's
 * shape `{ id, title, message, icon, backgroundColor, textColor, dismissible, actionText, actionUrl }`.
 * actionText and actionUrl are null for a banner without an action. Dismissal is per device (client).
 * A banner the admin scheduled shows only between its startsAt and endsAt (server/routes/admin-banners.ts).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { banners } from '../db/schema';

export interface Banner {
  id: string;
  title: string;
  message: string;
  icon: (typeof banners.icon.enumValues)[number];
  backgroundColor: string;
  textColor: string;
  dismissible: boolean;
  actionText: string | null;
  actionUrl: string | null;
}

/** The banners riders see now, in their order (also rendered into /app's HTML, server/http/first-screen.ts). */
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

export function registerBannerRoutes(api: FastifyInstance, deps: { database: Database }): void {
  api.get('/banners', (): Promise<Banner[]> => readActiveBanners(deps.database));
}
