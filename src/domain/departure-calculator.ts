/**
 * Departure calculator (rider-core §2, §5, §9): for a chosen sailing and the rider's location, the
 * travel estimate, when to leave, the check-in cutoff and the chance of making it.
 *
 * - Travel estimate: minutes by location keyword (vancouver or downtown 45, burnaby 35, richmond 40,
 *   surrey 55, north or west vancouver 25, default 30) times a random factor in [1, 1.5] drawn from an
 *   injectable source (traffic is not known), rounded to whole minutes.
 * - Cutoff: 30 min before departure. Latest time to leave: cutoff − travel − buffer (15).
 *   Recommended leave: 10 min before that latest time.
 * - Probability: 70 % when leaving right at the latest time, one point per minute of slack either way,
 *   less 10 points on a sailing 60 % full and 20 on one 80 % full, clamped 10-95; a warning below 70.
 * - Load colours: under 60 % green, from 60 % yellow, from 80 % red.
 * - Advice by minutes to departure: ≤ 30 urgent, ≤ 60 warning, else info.
 * - No road time across the water: when the place typed and the sailing's terminal are known to be on
 *   different land (Vancouver and Swartz Bay), the plan says a ferry is needed instead of a drive.
 */
import { checkInClosed } from './capacity';
import { CHECKIN_CUTOFF_MINUTES } from './constants';
import { terminalById, type Landmass } from './terminals';

/** Keyword rules, most specific first ("north vancouver" before "vancouver"). */
export const TRAVEL_KEYWORDS: ReadonlyArray<{ keywords: readonly string[]; minutes: number }> = [
  { keywords: ['north vancouver', 'west vancouver'], minutes: 25 },
  { keywords: ['vancouver', 'downtown'], minutes: 45 },
  { keywords: ['burnaby'], minutes: 35 },
  { keywords: ['richmond'], minutes: 40 },
  { keywords: ['surrey'], minutes: 55 },
];
export const DEFAULT_TRAVEL_MINUTES = 30;
export const TRAVEL_FACTOR_MIN = 1;
export const TRAVEL_FACTOR_MAX = 1.5;
export const DEPARTURE_BUFFER_MINUTES = 15;
export const RECOMMENDED_EARLY_MINUTES = 10;
export const PROBABILITY_MIN = 10;
export const PROBABILITY_MAX = 95;
export const PROBABILITY_AT_LATEST = 70;
export const PROBABILITY_WARNING_BELOW = 70;
export const LOAD_YELLOW_PERCENT = 60;
export const LOAD_RED_PERCENT = 80;
export const LOAD_PENALTY_YELLOW = 10;
export const LOAD_PENALTY_RED = 20;
export const ADVICE_URGENT_MINUTES = 30;
export const ADVICE_WARNING_MINUTES = 60;
export const MAX_DEPARTURES = 6;

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/**
 * Places a rider may type, by the land they are on. The travel keywords above are all on the mainland
 * (Greater Vancouver), so their road times only make sense to a mainland terminal: from Vancouver to
 * Swartz Bay there is no road, a ferry is needed.
 */
export const PLACE_LANDMASS: ReadonlyArray<{ keywords: readonly string[]; landmass: Landmass }> = [
  {
    keywords: [
      'vancouver island',
      'victoria',
      'sidney',
      'saanich',
      'nanaimo',
      'duncan',
      'parksville',
      'courtenay',
      'campbell river',
      'tofino',
    ],
    landmass: 'vancouver-island',
  },
  {
    keywords: [
      'vancouver',
      'downtown',
      'burnaby',
      'richmond',
      'surrey',
      'delta',
      'coquitlam',
      'langley',
      'squamish',
      'whistler',
    ],
    landmass: 'mainland',
  },
  { keywords: ['gibsons', 'sechelt', 'sunshine coast', 'powell river'], landmass: 'sunshine-coast' },
  { keywords: ['bowen'], landmass: 'bowen-island' },
];

/** The land a typed place is on, or null when the words name none Deckhand knows ("Vancouver Island" before "Vancouver"). */
export function placeLandmass(location: string): Landmass | null {
  const text = location.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const rule of PLACE_LANDMASS) {
    if (rule.keywords.some((k) => text.includes(k))) return rule.landmass;
  }
  return null;
}

/**
 * True when the rider's place and the terminal are on different land (known for both): there is no
 * road time to offer; the rider needs a ferry to reach that terminal.
 */
export function needsFerryToReach(location: string, terminalId: string | undefined): boolean {
  const terminal = terminalId ? terminalById(terminalId) : undefined;
  const from = placeLandmass(location);
  return Boolean(terminal && from && terminal.landmass !== from);
}

export function ferryNeededText(location: string, terminalId: string | undefined): string {
  const name = (terminalId && terminalById(terminalId)?.name) || 'That terminal';
  return `${name} cannot be reached by road from ${location.trim()}: you need a ferry to get there. Choose a sailing from a terminal on your side of the water.`;
}

/** Whether the calculator knows a drive time from the place typed (a TRAVEL_KEYWORDS place). */
export function knowsTravelFrom(location: string): boolean {
  const text = location.trim().toLowerCase().replace(/\s+/g, ' ');
  return text !== '' && TRAVEL_KEYWORDS.some((rule) => rule.keywords.some((k) => text.includes(k)));
}

/** What the calculator says for a place it has no drive time from. */
export function unknownPlaceText(location: string): string {
  return `No drive time is known from "${location.trim()}". Try one of: North Vancouver, West Vancouver, Vancouver, Burnaby, Richmond, Surrey.`;
}

export function baseTravelMinutes(location: string): number {
  const text = location.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const rule of TRAVEL_KEYWORDS) {
    if (rule.keywords.some((k) => text.includes(k))) return rule.minutes;
  }
  return DEFAULT_TRAVEL_MINUTES;
}

/** A factor in [1, 1.5] from a [0, 1) source (values outside are clamped). */
export function travelFactor(random: RandomSource): number {
  const r = Math.min(1, Math.max(0, random()));
  return TRAVEL_FACTOR_MIN + r * (TRAVEL_FACTOR_MAX - TRAVEL_FACTOR_MIN);
}

export function travelEstimateMinutes(location: string, random: RandomSource): number {
  return Math.round(baseTravelMinutes(location) * travelFactor(random));
}

export type LoadColour = 'green' | 'yellow' | 'red';
export function loadColour(percent: number): LoadColour {
  if (percent >= LOAD_RED_PERCENT) return 'red';
  if (percent >= LOAD_YELLOW_PERCENT) return 'yellow';
  return 'green';
}

export type AdviceLevel = 'urgent' | 'warning' | 'info';
export interface Advice {
  level: AdviceLevel;
  text: string;
}

export function departureAdvice(minutesToDeparture: number): Advice {
  if (minutesToDeparture <= ADVICE_URGENT_MINUTES) {
    return {
      level: 'urgent',
      text: 'This sailing leaves within 30 minutes: check-in may already be closed. Consider the next one.',
    };
  }
  if (minutesToDeparture <= ADVICE_WARNING_MINUTES) {
    return { level: 'warning', text: 'This sailing leaves within the hour: leave as soon as you can.' };
  }
  return { level: 'info', text: 'You have time: leave by the recommended time to arrive relaxed.' };
}

export function clampProbability(value: number): number {
  return Math.min(PROBABILITY_MAX, Math.max(PROBABILITY_MIN, Math.round(value)));
}

export interface DeparturePlan {
  travelMinutes: number;
  cutoffTime: number;
  latestLeaveTime: number;
  recommendedLeaveTime: number;
  probability: number;
  probabilityWarning: boolean;
  /** The sailing's check-in has closed at `now`: no chance is given. */
  checkInClosed: boolean;
  /** The car deck's fill as reported; null when the source has no capacity data. */
  loadPercent: number | null;
  loadColour: LoadColour | null;
  minutesToDeparture: number;
  advice: Advice;
  /** The place and the terminal are on different land: no road time applies (the UI says a ferry is needed). */
  ferryNeeded: boolean;
}

/** The sailing as the calculator needs it: when it leaves, from where, and how full its car deck is. */
export interface PlannedSailing {
  departureTime: string;
  terminalId?: string;
  /** Car deck percent full (the calculator is for drivers: the same figure as every card). */
  carFill?: number;
}

export function planDeparture(
  ferry: PlannedSailing,
  location: string,
  now: number,
  random: RandomSource,
): DeparturePlan {
  const departs = Date.parse(ferry.departureTime);
  const travelMinutes = travelEstimateMinutes(location, random);
  const cutoffTime = departs - CHECKIN_CUTOFF_MINUTES * 60_000;
  const latestLeaveTime = cutoffTime - (travelMinutes + DEPARTURE_BUFFER_MINUTES) * 60_000;
  const recommendedLeaveTime = latestLeaveTime - RECOMMENDED_EARLY_MINUTES * 60_000;
  const slackMinutes = Math.floor((latestLeaveTime - now) / 60_000);
  const loadPercent = ferry.carFill === undefined ? null : Math.round(ferry.carFill);
  const colour = loadPercent === null ? null : loadColour(loadPercent);
  const penalty = colour === 'red' ? LOAD_PENALTY_RED : colour === 'yellow' ? LOAD_PENALTY_YELLOW : 0;
  const probability = clampProbability(PROBABILITY_AT_LATEST + slackMinutes - penalty);
  const minutesToDeparture = Math.floor((departs - now) / 60_000);
  return {
    travelMinutes,
    cutoffTime,
    latestLeaveTime,
    recommendedLeaveTime,
    probability,
    probabilityWarning: probability < PROBABILITY_WARNING_BELOW,
    checkInClosed: checkInClosed(ferry.departureTime, now),
    loadPercent,
    loadColour: colour,
    minutesToDeparture,
    advice: departureAdvice(minutesToDeparture),
    ferryNeeded: needsFerryToReach(location, ferry.terminalId),
  };
}

/** rider-core §2: up to 6 departures, soonest first, only those still ahead. */
export function selectableDepartures<T extends { departureTime: string }>(ferries: readonly T[], now: number): T[] {
  return ferries
    .filter((f) => Date.parse(f.departureTime) > now)
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))
    .slice(0, MAX_DEPARTURES);
}
