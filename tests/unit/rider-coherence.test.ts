/**
 * The rider's screens agree with each other: one terminal, one countdown, one cars-ahead rule,
 * honest capacity, per-camera confidence, a steady community wait, readable banners, no road to an
 * island, and an away overlay whose status never contradicts its risk.
 */
import { describe, expect, it } from 'vitest';

import { awayRiskNow, ferryMotionLabel } from '@/domain/away';
import { bannerColors } from '@/domain/banner';
import { cameraConfidence } from '@/domain/camera-confidence';
import {
  checkInClosed,
  passengerPercent,
  sailingWaits,
  sailingWaitsAt,
  sailingWaitsText,
  vehicleDeckPercent,
  willMakeIt,
  type ArrivingCarWait,
} from '@/domain/capacity';
import { communityMedianWait, communityQueueData, medianCount } from '@/domain/community-queue';
import { contrastRatio, parseColor } from '@/domain/contrast';
import { departsInText, minutesUntil } from '@/domain/countdown';
import { needsFerryToReach, planDeparture } from '@/domain/departure-calculator';
import { minutesUntilDeparture, type Ferry } from '@/domain/ferry';
import { trackerDepartsInMinutes, trackerEtaMinutes, trackerEtaText } from '@/domain/live-tracker';
import { peaceOfMindFigures } from '@/domain/peace-of-mind';
import { carsAheadOf } from '@/domain/queue-position';
import {
  followingSailing,
  QUEUE_POSITION_TERMINAL_FRESH_MS,
  riderSailing,
  riderTerminal,
} from '@/domain/rider-terminal';

import { BANNER_ROWS } from '../../server/db/seed';
import { simulate } from '../../server/feed/simulator';

const NOW = Date.parse('2026-11-20T23:00:00Z');
const MIN = 60_000;

function ferry(over: Partial<Ferry> & Pick<Ferry, 'id' | 'terminalId' | 'departureTime'>): Ferry {
  return {
    name: over.id,
    route: 'A - B',
    capacity: 1000,
    currentPassengers: 100,
    currentVehicles: 50,
    vehicleCapacity: 300,
    status: 'docked',
    speed: 0,
    routeId: 'hsb-nan',
    ...over,
  };
}

describe("the rider's terminal", () => {
  const swartz = ferry({
    id: 'swb',
    terminalId: 'swartz-bay',
    routeId: 'tsa-swb',
    departureTime: new Date(NOW + 10 * MIN).toISOString(),
  });
  const horseshoe = ferry({
    id: 'hsb',
    terminalId: 'horseshoe-bay',
    departureTime: new Date(NOW + 40 * MIN).toISOString(),
  });
  const horseshoeLater = ferry({
    id: 'hsb2',
    terminalId: 'horseshoe-bay',
    departureTime: new Date(NOW + 160 * MIN).toISOString(),
  });
  const ferries = [swartz, horseshoe, horseshoeLater];

  it('is the queue position terminal, else the rider’s pick, else Horseshoe Bay', () => {
    const lane = { terminalId: 'horseshoe-bay', lastUpdated: new Date(NOW).toISOString() };
    expect(riderTerminal({ queuePosition: lane, chosenTerminalId: 'swartz-bay', now: NOW })).toEqual({
      terminalId: 'horseshoe-bay',
      source: 'queue',
    });
    expect(riderTerminal({ queuePosition: null, chosenTerminalId: 'tsawwassen', now: NOW })).toEqual({
      terminalId: 'tsawwassen',
      source: 'chosen',
    });
    expect(riderTerminal({ chosenTerminalId: 'atlantis' })).toEqual({ terminalId: 'horseshoe-bay', source: 'default' });
    // A position from hours ago no longer says where the rider is.
    const old = {
      terminalId: 'horseshoe-bay',
      lastUpdated: new Date(NOW - QUEUE_POSITION_TERMINAL_FRESH_MS - MIN).toISOString(),
    };
    expect(riderTerminal({ queuePosition: old, chosenTerminalId: 'swartz-bay', now: NOW }).terminalId).toBe(
      'swartz-bay',
    );
  });

  it('shows the Horseshoe Bay sailing to a rider in a Horseshoe Bay lane, not the earlier Swartz Bay one', () => {
    const terminal = riderTerminal({ queuePosition: { terminalId: 'horseshoe-bay' } });
    expect(riderSailing(ferries, terminal, NOW)?.id).toBe('hsb');
    // …and the sailing their car boards when the queue model says it is a later one.
    expect(riderSailing(ferries, terminal, NOW, 'hsb2')?.id).toBe('hsb2');
    expect(followingSailing(ferries, horseshoe)?.id).toBe('hsb2');
  });

  it('has no sailing for a terminal whose own departure is not listed yet (away mode then cannot time a return)', () => {
    // The Tsawwassen - Swartz Bay vessel departs Swartz Bay next; nothing is listed from Tsawwassen.
    expect(riderSailing(ferries, { terminalId: 'tsawwassen', source: 'chosen' }, NOW)).toBeNull();
  });
});

describe('one countdown', () => {
  it('the Next Ferry card and the tracker give the same minutes at every second of a minute', () => {
    for (let s = 0; s < 120; s += 1) {
      const now = NOW + s * 1000;
      const docked = {
        status: 'docked',
        departureTime: new Date(NOW + 2 * MIN).toISOString(),
        arrivalTime: new Date(NOW + 42 * MIN).toISOString(),
      };
      expect(minutesUntilDeparture(docked, now)).toBe(trackerDepartsInMinutes(docked, now));
      expect(trackerEtaText(docked, now)).toBe(
        `ETA: ${trackerEtaMinutes(docked, now)} min · ${departsInText(minutesUntilDeparture(docked, now))}`,
      );
    }
    expect(minutesUntil(NOW + 30_000, NOW)).toBe(1);
    expect(departsInText(0)).toBe('Now boarding');
  });
});

describe('position and cars ahead', () => {
  it('cars ahead = position − 1; no figures at all before a position is known', () => {
    expect(carsAheadOf(1)).toBe(0);
    expect(carsAheadOf(14)).toBe(13);
    expect(peaceOfMindFigures({ positionInQueue: 14 })?.carsAhead).toBe(13);
    expect(peaceOfMindFigures(null)).toBeNull();
  });
});

describe('honest capacity', () => {
  it('labels the car deck and the passenger decks apart', () => {
    const f = ferry({
      id: 'x',
      terminalId: 'horseshoe-bay',
      departureTime: '2026-11-20T23:30:00Z',
      currentVehicles: 270,
      currentPassengers: 300,
    });
    expect(vehicleDeckPercent(f)).toBe(90);
    expect(passengerPercent(f)).toBe(30);
  });

  it('sailing waits: a car arriving now boards this sailing, the next or the one after', () => {
    const sailings = [0, 1, 2].map((i) => ({
      ferryId: `s${i}`,
      departureTime: new Date(NOW + (60 + i * 120) * MIN).toISOString(),
      spaces: 100,
    }));
    expect(sailingWaits(10, sailings, NOW)).toBe(0);
    expect(sailingWaits(100, sailings, NOW)).toBe(1);
    expect(sailingWaits(250, sailings, NOW)).toBe(2);
    expect(sailingWaits(900, sailings, NOW)).toBe(3);
    expect(sailingWaitsText(1)).toMatch(/1 sailing wait/);
    expect(willMakeIt({ ferryId: 's0', sailingWaits: 0 })).toBe('yes');
    expect(willMakeIt({ ferryId: 's0', boardingFerryId: 's1' })).toBe('next');
  });

  it("sailing waits: a car arriving after a sailing's check-in cut-off does not board it, as the arrival timer says", () => {
    const departingIn = (minutes: number, id: string, spaces = 100) => ({
      ferryId: id,
      departureTime: new Date(NOW + minutes * MIN).toISOString(),
      spaces,
    });
    // An empty lane and room on board, but 29 minutes to go: past the 30-minute cut-off.
    expect(sailingWaits(0, [departingIn(29, 'now'), departingIn(149, 'later')], NOW)).toBe(1);
    // The card says why: check-in has closed, not that the sailing is full (the rider in the lane still boards).
    const closed = checkInClosed(departingIn(29, 'now').departureTime, NOW);
    expect(willMakeIt({ ferryId: 'now', sailingWaits: 1, checkInClosed: closed })).toBe('closed');
    expect(willMakeIt({ ferryId: 'now', boardingFerryId: 'now', sailingWaits: 1, checkInClosed: closed })).toBe('yes');
    // At the cut-off itself a car still makes it.
    expect(sailingWaits(0, [departingIn(30, 'now'), departingIn(150, 'later')], NOW)).toBe(0);
    // The cars already waiting fill the closed sailing first: of 120, 100 board it and 20 fill the next.
    expect(sailingWaits(120, [departingIn(10, 'closed'), departingIn(130, 'a', 20), departingIn(250, 'b')], NOW)).toBe(
      2,
    );
  });

  it('sailing waits read from the device after the cut-off say the car misses the sailing', () => {
    const stored = { departureTime: new Date(NOW + 45 * MIN).toISOString(), sailingWaits: 0 };
    expect(sailingWaitsAt(stored, NOW)).toBe(0);
    expect(sailingWaitsAt(stored, NOW + 16 * MIN)).toBe(1);
    expect(sailingWaitsAt({ ...stored, sailingWaits: 2 }, NOW + 16 * MIN)).toBe(2);
    expect(sailingWaitsAt({ departureTime: stored.departureTime }, NOW)).toBeUndefined();
  });

  it('the feed carries the sailing waits and the cars waiting, from the queue model', () => {
    const { ferries } = simulate(Date.parse('2026-11-20T00:30:00Z'));
    expect(ferries.length).toBeGreaterThan(0);
    for (const f of ferries) {
      expect(f.sailingWaits).toBeGreaterThanOrEqual(0);
      expect(f.sailingWaits).toBeLessThanOrEqual(3);
      expect(f.vehiclesWaiting).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('per-camera confidence', () => {
  it('differs by camera position and what it sees, never the same 85 % for all', () => {
    const booth = cameraConfidence('booth', 20);
    const queue = cameraConfidence('queue_area', 20);
    const entrance = cameraConfidence('entrance', 20, 12);
    expect(new Set([booth, queue, entrance]).size).toBe(3);
    expect(booth).toBeGreaterThan(queue);
    expect(queue).toBeGreaterThan(entrance);
    expect(cameraConfidence('booth', 60)).toBeLessThan(booth);
    for (const c of [booth, queue, entrance]) expect(c).not.toBe(0.85);
  });
});

describe('community median wait', () => {
  it('does not jump when one odd count comes in', () => {
    const steady = [20, 21, 19, 20, 22, 20, 21, 19, 20, 21];
    const withGlitch = [...steady.slice(1), 0];
    expect(medianCount(steady)).toBe(20);
    // A plain mean would drop by 2 cars; the median does not move.
    expect(medianCount(withGlitch)).toBe(20);
    const data = communityQueueData(withGlitch.map((vehicleCount, i) => ({ vehicleCount, timestamp: i })));
    expect(data.medianCount).toBe(20);
  });

  it('is bounded by the sailings that carry the cars and agrees with the sailing waits (160 cars: not 320 min)', () => {
    const MIN = 60_000;
    // A sailing every 60 min from 40 min from now, 100 free spaces each.
    const sailings = [40, 100, 160, 220].map((m, i) => ({
      ferryId: `v${i}`,
      departureTime: new Date(NOW + m * MIN).toISOString(),
      spaces: 100,
    }));
    const wait = communityMedianWait(160, sailings, NOW) as ArrivingCarWait;
    // Cars 1-100 board the first sailing, 101-200 the second: the 161st car waits for the 2nd one.
    expect(wait).toEqual({ sailingsToWait: 1, departureTime: sailings[1]!.departureTime, minutes: 100 });
    expect(wait.minutes).toBeLessThanOrEqual(Math.ceil(160 / 100) * 60 + 40);
    expect(sailingWaits(160, sailings, NOW)).toBe(wait.sailingsToWait);
    // More cars than the listed sailings carry: no figure rather than a guess.
    expect(communityMedianWait(1000, sailings, NOW)).toBeNull();
    expect(communityMedianWait(null, sailings, NOW)).toBeNull();
  });
});

describe('banners', () => {
  it('every banner colour pair reaches 4.5:1, the seeded orange one included', () => {
    expect(contrastRatio(parseColor('orange')!, parseColor('white')!)).toBeLessThan(2);
    for (const row of BANNER_ROWS) {
      const { background, text } = bannerColors(row);
      expect(contrastRatio(parseColor(background)!, parseColor(text)!), row.id).toBeGreaterThanOrEqual(4.5);
    }
    for (const [bg, fg] of [
      ['yellow', 'white'],
      ['lime', 'white'],
      ['navy', 'black'],
      ['#ff8c00', '#fff'],
    ] as const) {
      const pair = bannerColors({ backgroundColor: bg, textColor: fg });
      expect(contrastRatio(parseColor(pair.background)!, parseColor(pair.text)!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('no road to an island terminal', () => {
  it('knows Vancouver cannot drive to Swartz Bay, Departure Bay, Langdale or Bowen', () => {
    expect(needsFerryToReach('Downtown Vancouver', 'swartz-bay')).toBe(true);
    expect(needsFerryToReach('Burnaby', 'departure-bay')).toBe(true);
    expect(needsFerryToReach('North Vancouver', 'langdale')).toBe(true);
    expect(needsFerryToReach('Victoria', 'swartz-bay')).toBe(false);
    expect(needsFerryToReach('Vancouver Island', 'swartz-bay')).toBe(false);
    expect(needsFerryToReach('Burnaby', 'horseshoe-bay')).toBe(false);
    expect(needsFerryToReach('somewhere', 'swartz-bay')).toBe(false);
  });

  it('the departure calculator gives no drive time and no leave time to a terminal across the water', () => {
    const f = ferry({ id: 'swb', terminalId: 'swartz-bay', departureTime: new Date(NOW + 300 * MIN).toISOString() });
    const plan = planDeparture(f, 'Vancouver', NOW, () => 0);
    expect(plan.ferryNeeded).toBe(true);
    expect(planDeparture({ ...f, terminalId: 'tsawwassen' }, 'Vancouver', NOW, () => 0).ferryNeeded).toBe(false);
  });
});

describe('the away overlay', () => {
  it('says "Moving" only once the lanes move, and then the risk is high', () => {
    const boarding = { status: 'docked', boardingStartTime: new Date(NOW - MIN).toISOString() };
    const waiting = { status: 'docked', boardingStartTime: new Date(NOW + 30 * MIN).toISOString() };
    const crossing = { status: 'en_route', boardingStartTime: new Date(NOW + 60 * MIN).toISOString() };
    expect(ferryMotionLabel(boarding, NOW)).toBe('Moving');
    expect(awayRiskNow(20, ferryMotionLabel(boarding, NOW))).toBe('high');
    expect(ferryMotionLabel(waiting, NOW)).toBe('Stopped');
    expect(ferryMotionLabel({ ...waiting, status: 'delayed' }, NOW)).toBe('Stopped');
    expect(ferryMotionLabel(crossing, NOW)).toBe('On its way');
    expect(awayRiskNow(20, 'On its way')).toBe('low');
  });
});
