/**
 * Complaint engine API (rider-core §2, §7). The session decides whose complaint it is: any `userId`
 * in the body is ignored (zod strips unknown keys). GET answers only the caller's own complaints,
 * newest first, at most COMPLAINT_LIST_LIMIT, in the `Complaint` shape the client stores.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { complaintInputSchema, type Complaint } from '@/domain/complaint';
import { currentRider, requireRider } from '../auth/session';
import type { Database } from '../db/client';
import { complaints } from '../db/schema';
import { parseBody } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export const COMPLAINT_LIST_LIMIT = 50;

function toComplaint(row: typeof complaints.$inferSelect): Complaint {
  return {
    id: row.id,
    category: row.category,
    description: row.description,
    status: row.status,
    reply: row.reply,
    terminalId: row.terminalId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerComplaintRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { db } = deps.database;

  api.post('/complaints', async (request, reply) => {
    const input = parseBody(complaintInputSchema, request.body);
    const user = await requireRider(request, reply);
    const complaint = await commitWrite(deps.database, request, reply, 201, async (tx) => {
      const [row] = await tx
        .insert(complaints)
        .values({ userId: user.id, category: input.category, description: input.description, terminalId: input.terminalId ?? null, note: input.note || null })
        .returning();
      if (!row) throw new Error('Inserting a complaint returned no row');
      return toComplaint(row);
    });
    return reply.send(complaint);
  });

  api.get('/complaints', async (request, reply) => {
    const user = await currentRider(request, reply);
    if (!user) return [];
    const rows = await db
      .select()
      .from(complaints)
      .where(eq(complaints.userId, user.id))
      .orderBy(desc(complaints.createdAt), desc(complaints.id))
      .limit(COMPLAINT_LIST_LIMIT);
    return rows.map(toComplaint);
  });
}
