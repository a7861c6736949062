/**
 * What the stale-document rule (src/domain/feed-staleness.ts) needs from a BC Ferries document: the
 * departure times of its capacity rows still `future`, and of those listed as left (`current`,
 * `past`), as instants of the service day the document is read on. Times are read as the reader
 * reads them (./bcferries-document.ts): a list that goes back by hours has run past midnight.
 */
import { addDays, localTimeToEpoch, type LocalDay } from '../local-time';
import { clockMinutes, type BcFerriesDocument } from './bcferries-document';

const ROLLOVER_BACKSTEP_MIN = 6 * 60;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function documentRowTimes(
  document: BcFerriesDocument,
  serviceDay: LocalDay,
): { futureDepartures: number[]; leftDepartures: number[] } {
  const futureDepartures: number[] = [];
  const leftDepartures: number[] = [];
  for (const route of document.capacityRoutes) {
    // Routes and rows are read one by one (a malformed one is dropped, not fatal): only well-formed ones count here.
    const rows = isRecord(route) && Array.isArray(route.sailings) ? route.sailings : [];
    let dayOffset = 0;
    let previous = -1;
    for (const row of rows) {
      if (!isRecord(row) || typeof row.time !== 'string' || typeof row.sailingStatus !== 'string') continue;
      const minute = clockMinutes(row.time);
      if (minute === undefined) continue;
      if (previous >= 0 && minute < previous - ROLLOVER_BACKSTEP_MIN) dayOffset += 1;
      previous = minute;
      const at = localTimeToEpoch(dayOffset === 0 ? serviceDay : addDays(serviceDay, dayOffset), minute);
      const status = row.sailingStatus.trim().toLowerCase();
      if (status === 'future') futureDepartures.push(at);
      else if (status === 'current' || status === 'past') leftDepartures.push(at);
    }
  }
  return { futureDepartures, leftDepartures };
}
