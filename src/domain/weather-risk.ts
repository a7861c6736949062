/**
 * Will it sail: the weather level of each sailing from Environment and Climate Change Canada's
 * marine forecasts and warnings (MSC Datamart, Pacific region; docs/feed.md "Weather").
 *
 * Levels: none; "Be aware" (it runs, with a raised chance of disruption); "Disruption likely". The
 * rule, per sailing: the strongest wind the forecast names for any of the route's marine areas
 * during the crossing (./marine-wind-text.ts), raised to the floor of any warning in force there
 * (ECCC's categories: strong wind 20-33 knots, gale 34-47, storm 48-63, hurricane force 64 and
 * over, as ECCC's own warning texts say: "'Gale' force winds of 34 to 47 knots are occurring or
 * expected to occur in this marine area"), against the route's two thresholds below.
 *
 * Thresholds per route and vessel class, and where each comes from. BC Ferries publishes no wind
 * limit; these start from ECCC's warning categories and the cancellations reported with them, and
 * are to be fitted from the recorded forecasts and outcomes (server/weather/weather-record-repository.ts)
 * once enough history exists:
 * - Tsawwassen - Swartz Bay (Spirit and Coastal class) and Tsawwassen - Duke Point (Coastal class):
 *   "Be aware" from gale force (34 kn); "Disruption likely" from 45 kn: on 9 March 2024 BC Ferries
 *   cancelled four Tsawwassen - Swartz Bay sailings under gale and storm warnings with southeasterly
 *   gusts of 80-100 km/h (43-54 kn) on the Strait of Georgia south of Nanaimo (Times Colonist via
 *   Castanet, 2024-03-09); sailings ran on days with gale warnings alone.
 * - Horseshoe Bay - Departure Bay (C class): "Be aware" from 34 kn; "Disruption likely" from 40 kn:
 *   on 26 February 2021 the Queen of Cowichan's first round trip was cancelled with northwest winds
 *   of 70 km/h gusting to 90 (38-49 kn) forecast for the southern strait (New West Record,
 *   2021-02-26).
 * - Horseshoe Bay - Langdale (C class, Howe Sound): "Be aware" from strong wind (25 kn); "Disruption
 *   likely" from 38 kn: the same 26 February 2021 winds cancelled the evening Langdale sailings
 *   (mycoastnow, 2021-02-26).
 * - Horseshoe Bay - Snug Cove (the small Bowen Island vessel): "Be aware" from strong wind (20 kn);
 *   "Disruption likely" from gale force (34 kn), the warning ECCC issues for it.
 */
import { z } from 'zod/mini';

import { coverageEnd, extendedDay, spellsDuring, windSpells, type WindSpell } from './marine-wind-text';
import { formatClockLower, formatTerminalTime } from './time';

export const WEATHER_LEVELS = ['none', 'be-aware', 'disruption-likely'] as const;
export type WeatherLevel = (typeof WEATHER_LEVELS)[number];

/** The issue's words for each level. */
export const WEATHER_LEVEL_LABELS: Record<WeatherLevel, string> = {
  none: 'No weather risk',
  'be-aware': 'Be aware',
  'disruption-likely': 'Disruption likely',
};

/** The ECCC marine areas (Pacific region list) each route crosses or berths in. */
export const ROUTE_MARINE_AREAS: Record<string, readonly string[]> = {
  // Out of Horseshoe Bay at the mouth of Howe Sound, across the strait south of Nanaimo.
  'hsb-nan': ['Strait of Georgia - south of Nanaimo', 'Howe Sound'],
  // Across the strait south of Nanaimo, through the Gulf Islands to Swartz Bay on Haro Strait's side.
  'tsa-swb': ['Strait of Georgia - south of Nanaimo', 'Haro Strait'],
  'tsa-duk': ['Strait of Georgia - south of Nanaimo'],
  'hsb-lng': ['Howe Sound'],
  'hsb-snug': ['Howe Sound'],
};

/** ECCC's Datamart site codes of the areas' forecast files (…_MSC_MarineWeather_{code}_en.xml). */
export const MARINE_SITE_CODES: Record<string, string> = {
  'Strait of Georgia - south of Nanaimo': 'm0000028',
  'Strait of Georgia - north of Nanaimo': 'm0000028',
  'Howe Sound': 'm0000102',
  'Haro Strait': 'm0000064',
};

export interface RouteWeatherThreshold {
  vesselClass: string;
  beAwareKnots: number;
  likelyKnots: number;
}

/** See the top of this file for where each comes from. */
export const ROUTE_WEATHER_THRESHOLDS: Record<string, RouteWeatherThreshold> = {
  'tsa-swb': { vesselClass: 'Spirit and Coastal class', beAwareKnots: 34, likelyKnots: 45 },
  'tsa-duk': { vesselClass: 'Coastal class', beAwareKnots: 34, likelyKnots: 45 },
  'hsb-nan': { vesselClass: 'C class', beAwareKnots: 34, likelyKnots: 40 },
  'hsb-lng': { vesselClass: 'C class', beAwareKnots: 25, likelyKnots: 38 },
  'hsb-snug': { vesselClass: 'Bowen Island vessel', beAwareKnots: 20, likelyKnots: 34 },
};

/** The lowest wind each ECCC marine warning stands for (its category), knots. */
export function warningFloorKnots(name: string): number | undefined {
  const n = name.toLowerCase();
  if (!n.includes('warning')) return undefined;
  if (n.includes('hurricane')) return 64;
  if (n.includes('storm')) return 48;
  if (n.includes('gale')) return 34;
  if (n.includes('strong wind')) return 20;
  return undefined;
}

/** One marine area's forecast as read from its ECCC document (server/weather/eccc-document.ts). */
export const marineAreaForecastSchema = z.object({
  /** "Strait of Georgia - south of Nanaimo" */
  area: z.string(),
  siteCode: z.string(),
  /** When ECCC issued the regular forecast, ISO instant. */
  issuedAt: z.string(),
  periodOfCoverage: z.string(),
  /** The wind sentence(s), quoted. */
  wind: z.string(),
  /** Warnings in effect for the area ("Gale warning"), as ECCC names them. */
  warnings: z.array(z.string()),
  /** The extended forecast's days: weekday name and its wind words. */
  extended: z.array(z.object({ day: z.string(), text: z.string() })),
});
export type MarineAreaForecast = z.infer<typeof marineAreaForecastSchema>;

export interface SailingRiskInput {
  id: string;
  routeId: string;
  scheduledDeparture: string;
  /** Minutes the crossing takes. */
  crossingMinutes: number;
}

export interface SailingWeatherRisk {
  sailingId: string;
  routeId: string;
  level: WeatherLevel;
  /** In words, or absent for none: "Gale warning for Strait of Georgia - south of Nanaimo, winds 35 knots from 10 am". */
  reason?: string;
  /** The strongest wind the forecast gives the crossing, knots; absent when the forecast does not reach it. */
  knots?: number;
  /** The warnings in force on the route's areas when it sails. */
  warnings: string[];
  /** False when no forecast of its areas reaches the sailing (too far ahead, or none read). */
  covered: boolean;
  /** When the forecast it rests on was issued (ISO). */
  forecastIssuedAt?: string;
}

interface AreaSpells {
  forecast: MarineAreaForecast;
  spells: WindSpell[];
  regularEnd: number;
  coverageEnd: number;
}

function areaSpells(forecast: MarineAreaForecast): AreaSpells {
  const issuedAt = Date.parse(forecast.issuedAt);
  const spells = windSpells(forecast.wind, issuedAt);
  const regularEnd = coverageEnd(forecast.periodOfCoverage, issuedAt);
  let end = regularEnd;
  for (const day of forecast.extended) {
    const span = extendedDay(day.day, issuedAt);
    if (!span || span[0] < regularEnd) continue;
    const daySpells = windSpells(day.text, span[0]).map((s) => ({ ...s, startsAt: Math.max(s.startsAt, span[0]) }));
    spells.push(...daySpells);
    end = Math.max(end, span[1]);
  }
  return { forecast, spells, regularEnd, coverageEnd: end };
}

/** "10 am", "4:30 pm"; with the weekday when not the sailing's own day ("Sun 10 am"). */
function whenText(at: number, sailingAt: number): string {
  const clock = formatClockLower(at).replace(':00 ', ' ');
  const day = formatTerminalTime(at, { weekday: 'short' });
  return day === formatTerminalTime(sailingAt, { weekday: 'short' }) ? clock : `${day} ${clock}`;
}

/**
 * The weather level of one sailing from the forecasts of its areas (those the source has). A route
 * without areas or thresholds, or a sailing no forecast reaches, is level none with `covered: false`.
 */
export function sailingWeatherRisk(
  sailing: SailingRiskInput,
  forecasts: readonly MarineAreaForecast[],
): SailingWeatherRisk {
  const base = { sailingId: sailing.id, routeId: sailing.routeId, warnings: [] as string[] };
  const areas = ROUTE_MARINE_AREAS[sailing.routeId] ?? [];
  const threshold = ROUTE_WEATHER_THRESHOLDS[sailing.routeId];
  const departs = Date.parse(sailing.scheduledDeparture);
  const arrives = departs + sailing.crossingMinutes * 60_000;
  const read = forecasts.filter((f) => areas.includes(f.area)).map(areaSpells);
  const reaching = read.filter((a) => departs < a.coverageEnd && Date.parse(a.forecast.issuedAt) <= arrives);
  if (!threshold || reaching.length === 0) return { ...base, level: 'none', covered: false };

  let best: { knots: number; windKnots: number; area: string; warning?: string; from?: number } | undefined;
  const warnings: string[] = [];
  for (const a of reaching) {
    const during = spellsDuring(a.spells, departs, arrives);
    const strongest = during.reduce<WindSpell | undefined>((m, s) => (!m || s.knots > m.knots ? s : m), undefined);
    const inForce = departs < a.regularEnd ? a.forecast.warnings : [];
    const warning = inForce
      .filter((w) => warningFloorKnots(w) !== undefined)
      .sort((x, y) => (warningFloorKnots(y) ?? 0) - (warningFloorKnots(x) ?? 0))[0];
    for (const w of inForce) warnings.push(`${w} for ${a.forecast.area}`);
    const windKnots = strongest?.knots ?? 0;
    const knots = Math.max(windKnots, warning ? (warningFloorKnots(warning) ?? 0) : 0);
    const from = strongest && strongest.startsAt > departs ? strongest.startsAt : undefined;
    const candidate = { knots, windKnots, area: a.forecast.area, warning, from };
    if (!best || knots > best.knots || (knots === best.knots && warning && !best.warning)) best = candidate;
  }
  const knots = best?.knots ?? 0;
  const level: WeatherLevel =
    knots >= threshold.likelyKnots ? 'disruption-likely' : knots >= threshold.beAwareKnots ? 'be-aware' : 'none';
  const issued = reaching
    .map((a) => a.forecast.issuedAt)
    .sort()
    .at(-1);
  const result: SailingWeatherRisk = {
    ...base,
    level,
    knots: best?.windKnots ?? 0,
    warnings,
    covered: true,
    forecastIssuedAt: issued,
  };
  if (level === 'none' || !best) return result;
  const from = best.from !== undefined ? ` from ${whenText(best.from, departs)}` : '';
  const wind = best.windKnots > 0 ? `winds ${best.windKnots} knots` : '';
  result.reason = best.warning
    ? `${best.warning} for ${best.area}${wind ? `, ${wind}${from}` : ''}`
    : `Winds ${best.windKnots} knots forecast for ${best.area}${from}`;
  return result;
}

/** The route's level: the highest of its sailings' (with that sailing's reason). */
export function routeWeatherRisk(risks: readonly SailingWeatherRisk[]): SailingWeatherRisk | undefined {
  const order = (l: WeatherLevel) => WEATHER_LEVELS.indexOf(l);
  return risks.reduce<SailingWeatherRisk | undefined>(
    (m, r) => (!m || order(r.level) > order(m.level) ? r : m),
    undefined,
  );
}

// ---- What GET /api/weather-risk answers (src/domain/contracts/weather-risk.ts) ----

export const sailingWeatherRiskSchema = z.object({
  sailingId: z.string(),
  routeId: z.string(),
  level: z.enum(WEATHER_LEVELS),
  reason: z.optional(z.string()),
  knots: z.optional(z.number()),
  warnings: z.array(z.string()),
  covered: z.boolean(),
  forecastIssuedAt: z.optional(z.string()),
});

/** How well the level has done on the recorded sailings: figures only once enough history exists. */
export const weatherAccuracySchema = z.object({
  /** Sailings recorded with the forecast that stood before them and what happened. */
  recordedSailings: z.int(),
  /** Of those, cancelled. */
  cancelledSailings: z.int(),
  /** Recorded sailings needed (and cancellations among them) before the figures mean anything. */
  neededSailings: z.int(),
  neededCancellations: z.int(),
  brier: z.optional(z.number()),
  /** Brier score of always predicting the base cancellation rate. */
  baseRateBrier: z.optional(z.number()),
  auc: z.optional(z.number()),
});
export type WeatherAccuracy = z.infer<typeof weatherAccuracySchema>;

export const weatherRiskAnswerSchema = z.object({
  /** `eccc` when the server reads ECCC; `none` when weather is off (the simulator's default). */
  source: z.enum(['eccc', 'none']),
  /** When the server last read ECCC's documents successfully (ISO); absent if never. */
  readAt: z.optional(z.string()),
  /** Why the last read failed, while it does (the last good forecasts are kept and served). */
  problem: z.optional(z.string()),
  areas: z.array(marineAreaForecastSchema),
  sailings: z.array(sailingWeatherRiskSchema),
  accuracy: weatherAccuracySchema,
});
export type WeatherRiskAnswer = z.infer<typeof weatherRiskAnswerSchema>;

/** Minimum history before accuracy figures are shown: 200 recorded sailings with at least 5 cancelled. */
export const WEATHER_ACCURACY_MIN_SAILINGS = 200;
export const WEATHER_ACCURACY_MIN_CANCELLATIONS = 5;

/** The accuracy line the app shows. */
export function weatherAccuracyText(a: WeatherAccuracy): string {
  if (a.brier === undefined || a.auc === undefined || a.baseRateBrier === undefined)
    return `Not enough history yet to measure the weather level (${a.recordedSailings} of ${a.neededSailings} sailings recorded, ${a.cancelledSailings} of ${a.neededCancellations} cancellations)`;
  return `Weather level on ${a.recordedSailings} recorded sailings: Brier ${a.brier.toFixed(3)} (base rate ${a.baseRateBrier.toFixed(3)}), AUC ${a.auc.toFixed(2)}`;
}

/** The probability a level stands for, for scoring (Brier, AUC) until fitted thresholds replace it. */
export const LEVEL_PROBABILITY: Record<WeatherLevel, number> = {
  none: 0.01,
  'be-aware': 0.15,
  'disruption-likely': 0.6,
};

/** Brier score and AUC of the levels against what happened (cancelled = 1), and the base rate's Brier. */
export function scoreWeatherLevels(rows: ReadonlyArray<{ level: WeatherLevel; cancelled: boolean }>): {
  brier: number;
  baseRateBrier: number;
  auc: number;
} {
  const n = rows.length;
  const base = rows.filter((r) => r.cancelled).length / Math.max(1, n);
  let brier = 0;
  let baseBrier = 0;
  for (const r of rows) {
    const y = r.cancelled ? 1 : 0;
    brier += (LEVEL_PROBABILITY[r.level] - y) ** 2;
    baseBrier += (base - y) ** 2;
  }
  const positives = rows.filter((r) => r.cancelled).map((r) => LEVEL_PROBABILITY[r.level]);
  const negatives = rows.filter((r) => !r.cancelled).map((r) => LEVEL_PROBABILITY[r.level]);
  let wins = 0;
  for (const p of positives) for (const q of negatives) wins += p > q ? 1 : p === q ? 0.5 : 0;
  const auc = positives.length && negatives.length ? wins / (positives.length * negatives.length) : 0.5;
  return { brier: brier / Math.max(1, n), baseRateBrier: baseBrier / Math.max(1, n), auc };
}

// ---- The words the app shows (src/ui/weather-risk-note.tsx) ----

export const WEATHER_NOT_REACHED_TEXT = 'The marine forecast does not reach this sailing yet';
export const WEATHER_NONE_READ_TEXT = 'No marine forecast received from Environment Canada yet';
export const WEATHER_NO_RISK_TEXT = 'No raised risk in the marine forecast';

/** What the note says of a sailing's level: the level's label and its reason, or why there is none. */
export function weatherRiskText(
  answer: Pick<WeatherRiskAnswer, 'readAt'>,
  risk: SailingWeatherRisk | undefined,
): { level?: Exclude<WeatherLevel, 'none'>; text: string } {
  if (!answer.readAt && !risk?.covered) return { text: WEATHER_NONE_READ_TEXT };
  if (!risk || !risk.covered) return { text: WEATHER_NOT_REACHED_TEXT };
  if (risk.level === 'none') return { text: WEATHER_NO_RISK_TEXT };
  return { level: risk.level, text: risk.reason ?? WEATHER_LEVEL_LABELS[risk.level] };
}

/**
 * Where the level comes from and how old it is: "Environment Canada marine forecast issued 9:30 pm ·
 * read 12 min ago", and while the server cannot reach ECCC, that the last forecast is kept.
 */
export function weatherSourceText(
  answer: Pick<WeatherRiskAnswer, 'readAt' | 'problem'>,
  risk: SailingWeatherRisk | undefined,
  now: number,
  ageText: (ageMs: number) => string,
): string {
  const parts = [
    risk?.forecastIssuedAt
      ? `Environment Canada marine forecast issued ${formatClockLower(risk.forecastIssuedAt)}${
          formatTerminalTime(risk.forecastIssuedAt, { weekday: 'short' }) ===
          formatTerminalTime(now, { weekday: 'short' })
            ? ''
            : ` ${formatTerminalTime(risk.forecastIssuedAt, { weekday: 'short' })}`
        }`
      : 'Environment Canada marine forecast',
  ];
  if (answer.readAt) parts.push(`read ${ageText(now - Date.parse(answer.readAt))}`);
  if (answer.problem) parts.push('Environment Canada not reachable now: last forecast kept');
  return parts.join(' · ');
}
