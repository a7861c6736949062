/**
 * What the stale-document rule (src/domain/feed-staleness.ts) needs from a BC Ferries document: the
 * departure times of its capacity rows still `future`, and of those listed as left (`current`,
 * `past`), as instants of the service day the document is read on. Times are read as the reader
 * reads them (./bcferries-document.ts): a list that goes back by hours has run past midnight.
 */
import { addDays, localTimeToEpoch, type LocalDay } from '../local-time';
import { clockMinutes, type BcFerriesDocument } from './bcferries-document';

const ROLLOVER_BACKSTEP_MIN = 6 * 60;

export function documentRowTimes(
  document: BcFerriesDocument,
  serviceDay: LocalDay,
): { futureDepartures: number[]; leftDepartures: number[] } {
  const futureDepartures: number[] = [];
  const leftDepartures: number[] = [];
  for (const route of document.capacityRoutes) {
    let dayOffset = 0;
    let previous = -1;
    for (const row of route.sailings) {
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
