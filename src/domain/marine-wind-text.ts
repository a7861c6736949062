/**
 * What an Environment and Climate Change Canada marine forecast's wind sentence says, in time: the
 * forecast is words ("Wind southeast 10 to 20 knots increasing to southeast 25 to 35 early Sunday
 * evening."), so the rule reads it into spells, each with the strongest wind it names and the
 * instant it starts.
 *
 * The time words follow ECCC's marine forecast guide ("forecast time period terminology"): morning
 * 6 am to noon, afternoon noon to 6 pm, evening 6 pm to midnight, overnight midnight to 6 am; "early"
 * is the first part of a period and "late" the last; "near noon"/"near midnight" and "after midnight"
 * are points. A period named with a weekday ("early Sunday evening") is that day's; one without
 * ("this evening", "overnight") follows the issue time. Spells run in the order the text gives them,
 * so a phrase that would fall before the previous spell is moved a day on.
 *
 * Numbers read: every "N knots", "N to M", "gusts to N" and "except N near …" (a local exception is
 * still wind the ferry may cross); a spell's knots are the largest. "Wind light." is below 10 knots
 * (the guide), read as 5. A sentence with no number and no "light" is not a spell: it says nothing
 * the rule can weigh, and the rule never invents one.
 */
import { terminalOffsetMs, terminalWallClock } from './time';

export interface WindSpell {
  /** Epoch ms the spell starts (the issue time for the first). */
  startsAt: number;
  /** The strongest wind named in the spell, knots. */
  knots: number;
  /** The words it was read from. */
  text: string;
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Local start and end hour of each named period (ECCC's forecast time period terminology). */
const PERIODS: Record<string, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 18],
  evening: [18, 24],
  tonight: [18, 30],
  overnight: [24, 30],
  night: [24, 30],
};

/** The instant at local `hour` (may be ≥ 24) of the local day that contains `epochMs` plus `days`. */
export function localHourOn(epochMs: number, days: number, hour: number): number {
  const w = terminalWallClock(epochMs);
  const naive = Date.UTC(w.year, w.month - 1, w.day + days, 0, 0) + hour * HOUR;
  let epoch = naive - terminalOffsetMs(naive);
  epoch = naive - terminalOffsetMs(epoch);
  return epoch;
}

/** Days from `issuedAt`'s local day to the next `weekday` (0 = Sunday), today included. */
function daysUntil(issuedAt: number, weekday: number): number {
  const w = terminalWallClock(issuedAt);
  const today = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  return (weekday - today + 7) % 7;
}

const TIME_PHRASE =
  /\b(?:(early|late)\s+)?(?:(this|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s+)?(morning|afternoon|evening|overnight|tonight|night)\b|\bnear (noon|midnight)\b|\bafter (midnight)\b|\b(?:(early|late)\s+)?in the (morning|afternoon|evening)\b|\blate in the day\b/i;

/** When the phrase in `chunk` says its spell starts, or undefined when it names no time. */
export function phraseStart(chunk: string, issuedAt: number): number | undefined {
  const m = TIME_PHRASE.exec(chunk);
  if (!m) return undefined;
  const phrase = m[0].toLowerCase();
  const dayWord = m[2]?.toLowerCase();
  const dayOffset = dayWord && dayWord !== 'this' ? daysUntil(issuedAt, WEEKDAYS.indexOf(dayWord)) : 0;
  if (phrase === 'late in the day') return localHourOn(issuedAt, dayOffset, 15);
  if (m[4] === 'noon' || phrase === 'near noon') return localHourOn(issuedAt, dayOffset, 12);
  if (m[4] === 'midnight' || m[5]) return localHourOn(issuedAt, dayOffset, 24);
  const periodName = (m[3] ?? m[7] ?? '').toLowerCase();
  const period = PERIODS[periodName];
  if (!period) return undefined;
  const [from, to] = period;
  const part = (m[1] ?? m[6] ?? '').toLowerCase();
  const hour = part === 'early' ? from : part === 'late' ? from + ((to - from) * 2) / 3 : from;
  return localHourOn(issuedAt, dayOffset, hour);
}

/** The strongest wind a piece of text names, knots; undefined when it names none. */
export function strongestKnots(chunk: string): number | undefined {
  const numbers = [...chunk.matchAll(/\b(\d{1,3})\b/g)].map((m) => Number(m[1]));
  const speeds = numbers.filter((n) => n <= 150);
  if (speeds.length > 0) return Math.max(...speeds);
  if (/\blight\b/i.test(chunk)) return 5;
  return undefined;
}

/** Words that start a new spell within a sentence. */
const SPELL_BREAK = /\b(?:then|increasing to|diminishing to|becoming|backing to|veering to|rising to|easing to)\b/i;

/**
 * The spells of a wind forecast issued at `issuedAt`, in order. Each spell's start is the time its
 * own words name, else the previous spell's start (the first: the issue time).
 */
export function windSpells(text: string, issuedAt: number): WindSpell[] {
  const spells: WindSpell[] = [];
  const sentences = text
    .split(/\.(?:\s+|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
  for (const sentence of sentences) {
    const chunks = sentence.split(SPELL_BREAK).map((c) => c.trim());
    for (const chunk of chunks) {
      if (!chunk) continue;
      // A time phrase inside a number-free chunk ("then diminishing late") still moves the clock on.
      const knots = strongestKnots(chunk.replace(TIME_PHRASE, ''));
      const previous = spells.at(-1)?.startsAt ?? issuedAt;
      let startsAt = phraseStart(chunk, issuedAt) ?? previous;
      while (startsAt < previous) startsAt += DAY;
      if (knots === undefined) continue;
      spells.push({ startsAt: Math.max(startsAt, issuedAt), knots, text: chunk });
    }
  }
  return spells;
}

/** The spells in force at any moment of [from, to): the last to start by `from` and every one that starts before `to`. */
export function spellsDuring(spells: readonly WindSpell[], from: number, to: number): WindSpell[] {
  const sorted = [...spells].sort((a, b) => a.startsAt - b.startsAt);
  const started = sorted.filter((s) => s.startsAt <= from).at(-1);
  const later = sorted.filter((s) => s.startsAt > from && s.startsAt < to);
  return started ? [started, ...later] : later;
}

/**
 * When a "periodOfCoverage" ("Today Tonight and Monday.", "Tonight and Sunday.") ends: the end of
 * the last weekday it names, else the end of the issue day's night (6 am the next day).
 */
export function coverageEnd(periodOfCoverage: string, issuedAt: number): number {
  const words = periodOfCoverage.toLowerCase().match(/[a-z]+/g) ?? [];
  const lastDay = [...words].reverse().find((w) => WEEKDAYS.includes(w));
  if (lastDay) return localHourOn(issuedAt, daysUntil(issuedAt, WEEKDAYS.indexOf(lastDay)), 24);
  return localHourOn(issuedAt, 0, 30);
}

/** The local day an extended forecast period ("Thursday") names, as [start, end) epoch ms. */
export function extendedDay(name: string, issuedAt: number): [number, number] | undefined {
  const index = WEEKDAYS.indexOf(name.trim().toLowerCase());
  if (index < 0) return undefined;
  let days = daysUntil(issuedAt, index);
  if (days === 0) days = 7;
  return [localHourOn(issuedAt, days, 0), localHourOn(issuedAt, days, 24)];
}
