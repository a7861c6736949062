/**
 * The alert keys of src/domain/away.ts as SQL over `away_sessions.id`, so a source can skip sessions
 * whose alert is already in the inbox inside its query (and so keep its LIMIT meaningful). Built from
 * the domain functions themselves: a key format change there cannot leave the SQL behind.
 */
import { sql, type SQL } from 'drizzle-orm';
import { awaySessions, notifications } from '../../db/schema';

const MARK = '\u0000';

/** SQL text expression equal to `keyOf(away_sessions.id)`. */
export function sessionKeySql(keyOf: (sessionId: string) => string): SQL {
  const [prefix = '', suffix = ''] = keyOf(MARK).split(MARK);
  return sql`(${prefix}::text || ${awaySessions.id} || ${suffix}::text)`;
}

/** True while the session's alert with this key has not been stored for its rider yet. */
export function notYetDelivered(keyOf: (sessionId: string) => string): SQL {
  return sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${awaySessions.userId} and ${notifications.key} = ${sessionKeySql(keyOf)})`;
}
