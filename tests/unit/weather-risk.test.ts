import { describe, expect, it } from 'vitest';

import { coverageEnd, windSpells } from '@/domain/marine-wind-text';
import {
  routeWeatherRisk,
  sailingWeatherRisk,
  scoreWeatherLevels,
  weatherAccuracyText,
  type MarineAreaForecast,
} from '@/domain/weather-risk';

// ECCC's words for the Strait of Georgia - south of Nanaimo, issued 9:30 pm PST Saturday 13 December 2025.
const GALE_ISSUED = '2025-12-14T05:30:00.000Z';
const GALE_WIND =
  'Wind southeast 10 to 20 knots increasing to southeast 20 to 30 late overnight then becoming southeast 25 to 35 early Sunday evening.';
const galeSouth: MarineAreaForecast = {
  area: 'Strait of Georgia - south of Nanaimo',
  siteCode: 'm0000028',
  issuedAt: GALE_ISSUED,
  periodOfCoverage: 'Tonight and Sunday.',
  wind: GALE_WIND,
  warnings: ['Gale warning'],
  extended: [],
};
// ECCC's words for Howe Sound, issued 9:30 pm PST Thursday 7 December 2023 (no warning).
const howeSound: MarineAreaForecast = {
  area: 'Howe Sound',
  siteCode: 'm0000102',
  issuedAt: '2023-12-08T05:30:00.000Z',
  periodOfCoverage: 'Tonight and Friday.',
  wind: 'Wind northerly outflow 5 to 15 knots increasing to northerly outflow 20 late overnight then diminishing to northerly outflow 5 to 15 near noon Friday. Wind increasing to northerly outflow 20 to 30 early Friday evening.',
  warnings: [],
  extended: [
    {
      day: 'Saturday',
      text: 'Wind northerly outflow 20 to 30 knots diminishing to northerly outflow 5 to 15 in the morning then increasing to northerly outflow 20 late in the day.',
    },
  ],
};

const sailing = (routeId: string, at: string, crossingMinutes = 95) => ({
  id: `${routeId}:${at}`,
  routeId,
  scheduledDeparture: at,
  crossingMinutes,
});

describe('reading an ECCC wind sentence', () => {
  it('splits it into spells at the times its words name (ECCC forecast time terms, Pacific time)', () => {
    const spells = windSpells(GALE_WIND, Date.parse(GALE_ISSUED));
    expect(spells.map((s) => [new Date(s.startsAt).toISOString(), s.knots])).toEqual([
      [GALE_ISSUED, 20],
      // "late overnight": the last third of midnight-6 am, 4 am PST Sunday.
      ['2025-12-14T12:00:00.000Z', 30],
      // "early Sunday evening": 6 pm PST Sunday.
      ['2025-12-15T02:00:00.000Z', 35],
    ]);
  });

  it('reads "Wind light." as light and a sentence without wind figures as nothing', () => {
    expect(windSpells('Wind light.', Date.parse(GALE_ISSUED)).map((s) => s.knots)).toEqual([5]);
    expect(windSpells('Showers.', Date.parse(GALE_ISSUED))).toEqual([]);
  });

  it('a "Tonight and Sunday." forecast runs to the end of Sunday', () => {
    expect(new Date(coverageEnd('Tonight and Sunday.', Date.parse(GALE_ISSUED))).toISOString()).toBe(
      '2025-12-15T08:00:00.000Z',
    );
  });
});

describe('the weather level of a sailing', () => {
  it('is "Be aware" under a gale warning on a major route, with the warning and the forecast wind in words', () => {
    // Horseshoe Bay - Departure Bay at 10 am Sunday: the 20 to 30 spell, under the gale warning.
    const risk = sailingWeatherRisk(sailing('hsb-nan', '2025-12-14T18:00:00.000Z', 100), [galeSouth]);
    expect(risk).toMatchObject({
      level: 'be-aware',
      knots: 30,
      covered: true,
      warnings: ['Gale warning for Strait of Georgia - south of Nanaimo'],
      reason: 'Gale warning for Strait of Georgia - south of Nanaimo, winds 30 knots',
      forecastIssuedAt: GALE_ISSUED,
    });
  });

  it('names the time a stronger spell starts during the crossing', () => {
    // Tsawwassen - Swartz Bay at 5 pm Sunday crosses into the 25 to 35 spell from 6 pm.
    const risk = sailingWeatherRisk(sailing('tsa-swb', '2025-12-15T01:00:00.000Z'), [galeSouth]);
    expect(risk.level).toBe('be-aware');
    expect(risk.reason).toBe('Gale warning for Strait of Georgia - south of Nanaimo, winds 35 knots from 6 pm');
  });

  it('is "Disruption likely" when the forecast wind reaches the route\'s threshold', () => {
    // ECCC's words of 6 November 2025 (10:30 am PST), under a gale warning.
    const stronger: MarineAreaForecast = {
      ...galeSouth,
      issuedAt: '2025-11-06T18:30:00.000Z',
      periodOfCoverage: 'Today Tonight and Friday.',
      wind: 'Wind southeast 25 knots increasing to southeast 35 to 45 early this afternoon then diminishing to southeast 15 to 25 early this evening except southeast 30 over northern sections.',
    };
    const risk = sailingWeatherRisk(sailing('tsa-swb', '2025-11-06T19:00:00.000Z'), [stronger]);
    expect(risk.level).toBe('disruption-likely');
    expect(risk.reason).toBe('Gale warning for Strait of Georgia - south of Nanaimo, winds 45 knots from 12 pm');
  });

  it('weighs the same wind by route and vessel class: Bowen Island is "Be aware" at 20 knots, Langdale is not', () => {
    // 6 am Friday: the "northerly outflow 20 late overnight" spell.
    const snug = sailingWeatherRisk(sailing('hsb-snug', '2023-12-08T14:00:00.000Z', 20), [howeSound]);
    const langdale = sailingWeatherRisk(sailing('hsb-lng', '2023-12-08T14:00:00.000Z', 40), [howeSound]);
    expect(snug).toMatchObject({ level: 'be-aware', reason: 'Winds 20 knots forecast for Howe Sound' });
    expect(langdale).toMatchObject({ level: 'none', knots: 20, covered: true });
    expect(langdale.reason).toBeUndefined();
  });

  it("reads the extended forecast's days after the regular forecast", () => {
    // 1 am Saturday: "Wind northerly outflow 20 to 30 knots" of the extended forecast.
    const risk = sailingWeatherRisk(sailing('hsb-lng', '2023-12-09T09:00:00.000Z', 40), [howeSound]);
    expect(risk).toMatchObject({ level: 'be-aware', knots: 30, reason: 'Winds 30 knots forecast for Howe Sound' });
  });

  it('says nothing it does not know: a sailing past the forecast, or on a route without a forecast read', () => {
    const later = sailingWeatherRisk(sailing('tsa-swb', '2025-12-17T18:00:00.000Z'), [galeSouth]);
    expect(later).toMatchObject({ level: 'none', covered: false });
    const unread = sailingWeatherRisk(sailing('hsb-lng', '2025-12-14T18:00:00.000Z', 40), [galeSouth]);
    expect(unread).toMatchObject({ level: 'none', covered: false });
  });

  it("a route's level is its highest sailing's", () => {
    const risks = [
      sailingWeatherRisk(sailing('tsa-swb', '2025-12-14T18:00:00.000Z'), [galeSouth]),
      sailingWeatherRisk(sailing('tsa-swb', '2025-12-17T18:00:00.000Z'), [galeSouth]),
    ];
    expect(routeWeatherRisk(risks)?.level).toBe('be-aware');
  });
});

describe("the level's accuracy", () => {
  it('scores levels by Brier and AUC against the base cancellation rate', () => {
    const rows = [
      { level: 'disruption-likely' as const, cancelled: true },
      { level: 'none' as const, cancelled: false },
      { level: 'none' as const, cancelled: false },
      { level: 'be-aware' as const, cancelled: false },
    ];
    const s = scoreWeatherLevels(rows);
    expect(s.auc).toBe(1);
    expect(s.brier).toBeLessThan(s.baseRateBrier);
  });

  it('says so until enough history exists', () => {
    expect(
      weatherAccuracyText({ recordedSailings: 12, cancelledSailings: 0, neededSailings: 200, neededCancellations: 5 }),
    ).toBe('Not enough history yet to measure the weather level (12 of 200 sailings recorded, 0 of 5 cancellations)');
  });
});
