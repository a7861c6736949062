import { describe, expect, it } from 'vitest';

import { sailingId, type Sailing } from '@/domain/sailing';
import { checkTimerSailing } from '@/domain/timer-sailing';

const at = (local: string) => new Date(`2026-07-10T${local}:00-07:00`).toISOString();
function sailing(local: string, over: Partial<Sailing> = {}): Sailing {
  const scheduledDeparture = at(local);
  return {
    id: sailingId('hsb-lng', 'horseshoe-bay', Date.parse(scheduledDeparture)),
    routeId: 'hsb-lng',
    from: 'horseshoe-bay',
    to: 'langdale',
    scheduledDeparture,
    status: 'scheduled',
    source: 'bcferries',
    observedAt: at('12:00'),
    ...over,
  } as Sailing;
}
const day = [
  sailing('13:20'),
  sailing('15:40', { delayMinutes: 15, expectedDeparture: at('15:55') }),
  sailing('18:00'),
];

describe('an arrival timer names a served sailing and its departure', () => {
  it('accepts a listed sailing at its scheduled or expected departure, or a delay the phone saw earlier', () => {
    expect(checkTimerSailing(day[1]!.id, at('15:40'), day)).toEqual({ ok: true });
    expect(checkTimerSailing(day[1]!.id, at('15:55'), day)).toEqual({ ok: true });
    expect(checkTimerSailing(day[1]!.id, at('16:10'), day)).toEqual({ ok: true });
  });

  it('refuses a listed sailing with a time before its departure or later than any delay', () => {
    expect(checkTimerSailing(day[1]!.id, at('15:20'), day)).toMatchObject({ ok: false, error: 'sailing_mismatch' });
    expect(checkTimerSailing(day[1]!.id, at('19:41'), day)).toMatchObject({ ok: false, error: 'sailing_mismatch' });
  });

  it('refuses a sailing the route does not have at that time', () => {
    const made = sailingId('hsb-lng', 'horseshoe-bay', Date.parse(at('14:05')));
    expect(checkTimerSailing(made, at('14:05'), day)).toMatchObject({ ok: false, error: 'unknown_sailing' });
  });

  it('accepts a later day past the served list by its id alone, at its own time only', () => {
    const tomorrow = sailingId('hsb-lng', 'horseshoe-bay', Date.parse('2026-07-11T13:20:00-07:00'));
    expect(checkTimerSailing(tomorrow, '2026-07-11T20:20:00.000Z', day)).toEqual({ ok: true });
    expect(checkTimerSailing(tomorrow, '2026-07-11T21:20:00.000Z', day)).toMatchObject({
      ok: false,
      error: 'sailing_mismatch',
    });
  });

  it('leaves a bare vessel id to the caller', () => {
    expect(checkTimerSailing('queen-of-oak-bay', at('14:45'), day)).toEqual({ ok: true });
  });
});
