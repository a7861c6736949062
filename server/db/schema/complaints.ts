/**
 * Complaints a rider filed, and staff's answer (rider-core §3 Complaint).
 */
import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';

import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from '../../../src/domain/complaint';
import { createdAt } from './columns';
import { users } from './riders';

export const complaintCategoryEnum = pgEnum('complaint_category', COMPLAINT_CATEGORIES);
export const complaintStatusEnum = pgEnum('complaint_status', COMPLAINT_STATUSES);

export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: complaintCategoryEnum('category').notNull(),
    description: text('description').notNull(),
    status: complaintStatusEnum('status').notNull().default('received'),
    /** Staff's answer when they resolve it; the rider's "Recent" list shows it. */
    reply: text('reply'),
    /** Where it happened (a terminal id); null only for complaints filed before the rider was asked. */
    terminalId: text('terminal_id'),
    /** The rider's optional note beside a quick complaint's canned description. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('complaints_user_created_idx').on(t.userId, t.createdAt)],
);
