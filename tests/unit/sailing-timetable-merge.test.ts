import { describe, expect, it } from 'vitest';

import {
  DEPARTURE_MATCH_WINDOW_MIN,
  EARLY_DEPARTURE_MIN,
  matchDeparture,
  timetableRowAdds,
} from '@/domain/sailing-timetable-merge';

const MIN = 60_000;
const t = (hour: number, minute = 0) => Date.UTC(2026, 1, 21, hour, minute);
const slots = [{ at: t(7) }, { at: t(9) }, { at: t(11) }];

describe('a sailing that has left, matched to its timetabled departure', () => {
  it('is the latest scheduled time not after it, within the bound; a few minutes early still counts', () => {
    // Current Conditions: "9:00 am Departed 9:04 am", "7:00 am Departed 6:58 am".
    expect(matchDeparture(t(9, 4), undefined, slots, new Set())).toEqual({ at: t(9) });
    expect(matchDeparture(t(6, 58), undefined, slots, new Set())).toEqual({ at: t(7) });
    expect(matchDeparture(t(7) - (EARLY_DEPARTURE_MIN + 1) * MIN, undefined, slots, new Set())).toBeUndefined();
    expect(matchDeparture(t(11) + (DEPARTURE_MATCH_WINDOW_MIN + 1) * MIN, undefined, slots, new Set())).toBeUndefined();
  });

  it('leaves out departures another row holds, and one of another vessel; prefers its own vessel', () => {
    expect(matchDeparture(t(8, 50), undefined, slots, new Set([t(9)]))).toEqual({ at: t(7) });
    const named = [
      { at: t(9), vesselId: 'coastal-renaissance' },
      { at: t(9, 30), vesselId: 'queen-of-new-westminster' },
      { at: t(9, 15) },
    ];
    expect(matchDeparture(t(9, 40), 'coastal-renaissance', named, new Set())).toEqual(named[0]);
    expect(matchDeparture(t(9, 40), 'spirit-of-british-columbia', named, new Set())).toEqual(named[2]);
  });
});

describe('a timetable row', () => {
  it('adds a sailing only after the capacity route has none that day, never over a capacity sailing', () => {
    const capacity = new Set([t(7), t(9), t(21)]);
    expect(timetableRowAdds(t(22, 45), t(21), capacity)).toBe(true);
    expect(timetableRowAdds(t(21), t(21), capacity)).toBe(false);
    expect(timetableRowAdds(t(8), t(21), capacity)).toBe(false);
    expect(timetableRowAdds(t(8), undefined, new Set())).toBe(true);
  });
});
