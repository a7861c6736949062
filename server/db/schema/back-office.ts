/**
 * Back office: exception passes, the audit log and server secrets.
 */
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { PASS_ROUTES, PASS_STATUSES, PASS_TYPES } from '../../../src/domain/exception-pass';
import { backOfficeAccounts } from './accounts';
import { createdAt } from './columns';
import { users } from './riders';

export const passTypeEnum = pgEnum('pass_type', PASS_TYPES);
export const passRouteEnum = pgEnum('pass_route', PASS_ROUTES);
export const passStatusEnum = pgEnum('pass_status', PASS_STATUSES);

/**
 * A rider's Emergency Exception Pass (membership §3). `validFrom`/`validUntil` are fixed at request
 * time (around `departureTime`) and signed into the QR token; `status` is set by staff review.
 */
export const exceptionPasses = pgTable(
  'exception_passes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passType: passTypeEnum('pass_type').notNull(),
    description: text('description').notNull(),
    route: passRouteEnum('route').notNull(),
    departureTime: timestamp('departure_time', { withTimezone: true }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: passStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => backOfficeAccounts.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('exception_passes_user_idx').on(t.userId, t.createdAt),
    index('exception_passes_status_idx').on(t.status, t.createdAt),
  ],
);

/** Who changed what in the back office, and when (shown in the admin's User Management tab). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => backOfficeAccounts.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Server-side secrets shared by every instance (e.g. the exception-pass signing key), made at first use. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
