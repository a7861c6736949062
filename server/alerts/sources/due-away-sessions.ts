/**
 * The away sessions an away alert source is due to alert about (`dueAwaySessions`, the query both
 * away sources, away-return.ts and queue-moving.ts, run), and the ferries loading now.
 *
 * The alert keys of src/domain/away.ts are written as SQL over `away_sessions.id`, so a source can
 * skip sessions whose alert is already in the inbox inside its query (and so keep its LIMIT
 * meaningful). Built from the domain functions themselves: a key format change there cannot leave the SQL behind.
 */
import { and, asc, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { awaySessions, notifications } from '../../db/schema';
import type { FerryFeed } from '../../feed/ferry-feed';

/** Boarding longer ago than this: an away alert is no longer worth sending. */
export const AWAY_RETURN_STALE_AFTER_MS = 60 * 60_000;
/** Away alerts handed out per source and tick at most; the rest follow on the next tick. */
const AWAY_ALERT_BATCH = 500;

const MARK = '\u0000';

/** SQL text expression equal to `keyOf(away_sessions.id)`. */
function sessionKeySql(keyOf: (sessionId: string) => string): SQL {
  const [prefix = '', suffix = ''] = keyOf(MARK).split(MARK);
  return sql`(${prefix}::text || ${awaySessions.id} || ${suffix}::text)`;
}

/** True while the session's alert with this key has not been stored for its rider yet. */
function notYetDelivered(keyOf: (sessionId: string) => string): SQL {
  return sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${awaySessions.userId} and ${notifications.key} = ${sessionKeySql(keyOf)})`;
}

/**
 * Active away sessions matching `where` whose boarding is less than AWAY_RETURN_STALE_AFTER_MS ago
 * and whose `keyOf` alert is not in the rider's inbox yet: the first AWAY_ALERT_BATCH by `order`.
 */
export function dueAwaySessions(
  database: Database,
  now: Date,
  keyOf: (sessionId: string) => string,
  where: SQL,
  order: AnyColumn,
) {
  return database.db
    .select()
    .from(awaySessions)
    .where(
      and(
        eq(awaySessions.status, 'active'),
        where,
        gt(awaySessions.estimatedBoardingTime, new Date(now.getTime() - AWAY_RETURN_STALE_AFTER_MS)),
        notYetDelivered(keyOf),
      ),
    )
    .orderBy(asc(order))
    .limit(AWAY_ALERT_BATCH);
}

/** Ids of the vessels whose sailing is loading now: boarding has started and it has not left. */
export function loadingFerryIds(feed: Pick<FerryFeed, 'current'>, now: Date): string[] {
  return feed
    .current()
    .filter(
      (ferry) =>
        Date.parse(ferry.boardingStartTime ?? '') <= now.getTime() && Date.parse(ferry.departureTime) > now.getTime(),
    )
    .map((ferry) => ferry.id);
}
