/** The riders' complaints as the database holds them, read and written in the client's `Complaint` shape. */
import { desc, eq } from 'drizzle-orm';

import type { Complaint, ComplaintInput } from '@/domain/complaint';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { complaints } from '../db/schema';

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

/** Inserts the rider's complaint (inside the write's transaction) and answers it as stored. */
export async function insertComplaint(tx: Db, userId: number, input: ComplaintInput): Promise<Complaint> {
  const [row] = await tx
    .insert(complaints)
    .values({
      userId,
      category: input.category,
      description: input.description,
      terminalId: input.terminalId ?? null,
      note: input.note || null,
    })
    .returning();
  if (!row) throw new Error('Inserting a complaint returned no row');
  return toComplaint(row);
}

/** The rider's newest `limit` complaints, newest first. */
export async function riderComplaints(database: Database, userId: number, limit: number): Promise<Complaint[]> {
  const rows = await database.db
    .select()
    .from(complaints)
    .where(eq(complaints.userId, userId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(limit);
  return rows.map(toComplaint);
}
