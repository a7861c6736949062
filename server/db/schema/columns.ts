/** Column builders shared by the tables. */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was made (timestamptz, set by the database). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
