/**
 * The Idempotency-Keys of writes (server/http/idempotency.ts): the first answer, replayed for a repeat.
 */
import { index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';

export const idempotencyStateEnum = pgEnum('idempotency_state', ['pending', 'done']);

/**
 * One row per Idempotency-Key. `pending` while the first request runs; `done` with the stored answer.
 * `userId` is the caller's session user when the key was first seen (null without a session).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    state: idempotencyStateEnum('state').notNull().default('pending'),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);
