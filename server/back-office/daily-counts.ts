/**
 * The Overview's figures (admin dashboard): a count per terminal-zone day for the last
 * ADMIN_TREND_DAYS days, today last. Days are America/Vancouver calendar days, computed by the
 * database so every instance and driver agrees. Days with no rows are 0, not missing.
 */
import { sql, type SQL } from 'drizzle-orm';

import { ADMIN_TREND_DAYS } from '@/domain/constants';

import type { Database } from '../db/client';

export interface Trend {
  /** ISO dates (YYYY-MM-DD, terminal zone), oldest first. */
  days: string[];
  values: number[];
  today: number;
}

const ZONE = 'America/Vancouver';

/** `source` is a SELECT answering (at timestamptz, amount numeric) rows. */
export async function dailyTrend(database: Database, source: SQL): Promise<Trend> {
  const result = await database.db.execute(sql`
    with days as (
      select generate_series(
        (now() at time zone ${ZONE})::date - ${ADMIN_TREND_DAYS - 1}::int,
        (now() at time zone ${ZONE})::date,
        interval '1 day'
      )::date as day
    ), src as (${source})
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sum(src.amount), 0)::float8 as value
    from days left join src on (src.at at time zone ${ZONE})::date = days.day
    group by days.day order by days.day`);
  const rows = (result as unknown as { rows: Array<{ day: string; value: number | string }> }).rows;
  const values = rows.map((r) => Number(r.value));
  return { days: rows.map((r) => r.day), values, today: values.at(-1) ?? 0 };
}
