/**
 * What a chat question asks for, read from its words, so the assistant can answer it instead of
 * quoting the nearest FAQ entry: "How much is an adult fare on the main routes?" must get a price,
 * not the peak-surcharge FAQ tagged High confidence.
 *
 * - intent: fare (price words: fare, cost, price, how much, pay, ticket; not "how much longer / time /
 *   room / traffic"), sailing (next / when / depart / leave / sailing / schedule), wait (wait, line,
 *   lineup, queue, busy, how long) or other;
 * - the terminal named (longest name first; "from X" wins over "to Y");
 * - for fares: the route (named terminals, or "main routes", else the main routes), passengers by
 *   type (digits or number words before adult / child / kid / infant / baby; one adult when none is
 *   named), the vehicle (length words, motorcycle, car / vehicle / truck / van / SUV, or none for
 *   foot passengers), bicycles, and peak / off-peak when stated (both are quoted when not).
 */
import type { FareRequest, VehicleType } from './fares';

export type ChatIntent = 'fare' | 'sailing' | 'wait' | 'other';

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function normalise(query: string): string {
  return ` ${query
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9'.\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Questions about a rule or a how-to ("Why is my fare higher…", "Can I leave my car…") go to the guide. */
const GUIDE_OPENING =
  /^ (why|who|can|could|do|does|is there|are there|how do|how does|how should|how early|what happens|where|should|may) /;
/** "How much" asks for money unless time, room or traffic follows ("How much longer is the wait?"). */
const PRICE_WORDS =
  /\b(how much(?! (longer|more time|time|room|space|traffic|later|earlier)\b)|costs?|price[sd]?|pricing|what('s| is| are| would be| will be) the (fares?|price|cost|total)|fares? (for|to|from|on|with)|pay for|total for|tickets? (for|to|from))\b/;
/** Words that ask for sailing times whatever the opening ("Is there a sailing from Horseshoe Bay soon?"). */
const SAILING_WORDS =
  /\b(next (sailing|ferry|boat|departure)s?|next one|when (is|does|do|are|will)|what time|schedule|timetable|departs?|departures?|departing|sailings? (from|to|at|today|tonight|this|soon|leave|leaving))\b/;
/** "leave" asks for a sailing only outside guide questions ("Can I leave my car…" is about the lanes). */
const LEAVE_WORDS = /\b(leaves?|leaving)\b/;
const WAIT_WORDS =
  /\b(how long|how busy|busy|wait time|waiting time|the wait|line ?up|the line|the queue|how many (cars|vehicles)|cars waiting|vehicles waiting)\b/;

export function detectIntent(query: string): ChatIntent {
  // Terminal names are not intent words: "Departure Bay" does not ask for a departure.
  let text = normalise(query);
  for (const { names } of TERMINAL_NAMES) for (const name of names) text = text.split(` ${name} `).join(' terminal ');
  if (PRICE_WORDS.test(text) && !/^ (why|who) /.test(text)) return 'fare';
  if (SAILING_WORDS.test(text) && !/\b(miss|missed|reserved)\b/.test(text)) return 'sailing';
  if (GUIDE_OPENING.test(text)) return 'other';
  if (WAIT_WORDS.test(text)) return 'wait';
  if (LEAVE_WORDS.test(text)) return 'sailing';
  return 'other';
}

/** Names riders use for each terminal, longest first within the list (so "nanaimo duke point" beats "nanaimo"). */
const TERMINAL_NAMES: ReadonlyArray<{ id: string; names: readonly string[] }> = [
  { id: 'departure-bay', names: ['nanaimo departure bay', 'departure bay'] },
  { id: 'duke-point', names: ['nanaimo duke point', 'duke point'] },
  { id: 'horseshoe-bay', names: ['horseshoe bay', 'horseshoe', 'west van ferry'] },
  { id: 'tsawwassen', names: ['tsawwassen', 'tsa'] },
  { id: 'swartz-bay', names: ['swartz bay', 'swartz', 'victoria'] },
  { id: 'langdale', names: ['langdale', 'sunshine coast', 'gibsons'] },
  { id: 'snug-cove', names: ['snug cove', 'bowen island', 'bowen'] },
  { id: 'departure-bay', names: ['nanaimo'] },
];

interface Mention {
  id: string;
  at: number;
}

function terminalMentions(text: string): Mention[] {
  const found: Mention[] = [];
  const taken: Array<[number, number]> = [];
  for (const { id, names } of TERMINAL_NAMES) {
    for (const name of names) {
      const at = text.indexOf(` ${name} `) >= 0 ? text.indexOf(` ${name} `) : text.indexOf(` ${name}'`);
      if (at < 0) continue;
      const end = at + name.length + 1;
      if (taken.some(([s, e]) => at < e && end > s)) continue;
      taken.push([at, end]);
      if (!found.some((m) => m.id === id)) found.push({ id, at });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

/** The departure terminal a question names: the one after "from", else the first named; null for none. */
export function mentionedTerminal(query: string): string | null {
  const text = normalise(query);
  const mentions = terminalMentions(text);
  if (mentions.length === 0) return null;
  const from = text.indexOf(' from ');
  if (from >= 0) {
    const after = mentions.find((m) => m.at >= from);
    if (after) return after.id;
  }
  const to = text.indexOf(' to ');
  if (to >= 0 && mentions.length > 1) {
    const before = mentions.find((m) => m.at < to);
    if (before) return before.id;
  }
  return mentions[0]!.id;
}

/** Main routes share one fare table (rider-core §9). */
export const MAIN_ROUTE_IDS = ['hsb-nan', 'tsa-swb', 'tsa-duk'] as const;

export interface FareQuestion {
  /** A route id, or 'main' for the main routes (one price table). */
  route: string;
  /** True when the question named the route (or "main routes"); false when the main routes were assumed. */
  routeNamed: boolean;
  request: Omit<FareRequest, 'peak'>;
  /** Stated peak (true) or off-peak (false); null when not said (both are quoted). */
  peak: boolean | null;
  /** True when the question named who travels or the vehicle; false when 1 adult on foot was assumed. */
  partyNamed: boolean;
}

function routeFor(terminals: readonly string[], text: string): { route: string; named: boolean } {
  const set = new Set(terminals);
  if (set.has('langdale')) return { route: 'hsb-lng', named: true };
  if (set.has('snug-cove')) return { route: 'hsb-snug', named: true };
  if (set.has('duke-point')) return { route: 'tsa-duk', named: true };
  if (set.has('swartz-bay')) return { route: 'tsa-swb', named: true };
  if (set.has('departure-bay')) return { route: 'hsb-nan', named: true };
  if (set.has('tsawwassen') || set.has('horseshoe-bay')) return { route: 'main', named: true };
  return { route: 'main', named: /\bmain routes?\b/.test(text) };
}

function countBefore(text: string, nouns: string): number {
  const pattern = new RegExp(
    `\\b(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})\\s+(?:[a-z]+\\s+)?(?:${nouns})\\b`,
    'g',
  );
  let total = 0;
  let matched = false;
  for (const match of text.matchAll(pattern)) {
    const raw = match[1]!;
    const value = /^\d+$/.test(raw) ? Number(raw) : (NUMBER_WORDS[raw] ?? 0);
    total += value;
    matched = true;
  }
  if (matched) return total;
  return new RegExp(`\\b(?:${nouns})\\b`).test(text) ? 1 : 0;
}

function vehicleIn(text: string): VehicleType | null {
  if (/\b(foot passengers?|walk ?on|walking on|on foot|without a (car|vehicle)|no (car|vehicle))\b/.test(text))
    return 'none';
  if (/\b(motorcycles?|motorbikes?|motor bikes?)\b/.test(text)) return 'motorcycle';
  if (/\b(over|longer than|more than) ?25\b|\b(rv|motorhome|motor home|camper)s?\b/.test(text)) return 'over25';
  if (/\b20 ?(-|to) ?25\b|\btrailer\b/.test(text)) return '20to25';
  if (/\b(under|less than|shorter than) ?20\b|\b(car|cars|vehicle|vehicles|truck|van|suv|minivan|pickup)\b/.test(text))
    return 'under20';
  return null;
}

export function parseFareQuestion(query: string): FareQuestion {
  const text = normalise(query);
  const terminals = terminalMentions(text).map((m) => m.id);
  const { route, named } = routeFor(terminals, text);
  const children = countBefore(text, 'child|children|kid|kids');
  const infants = countBefore(text, 'infant|infants|baby|babies|toddler|toddlers');
  const statedAdults = countBefore(text, 'adult|adults|grown-ups?|people|persons|passengers|seniors?');
  const bicycles =
    /\bbicycles?\b|\bbikes?\b/.test(text) && !/\bmotor ?bikes?\b/.test(text)
      ? Math.max(1, countBefore(text, 'bicycle|bicycles|bike|bikes'))
      : 0;
  const vehicle = vehicleIn(text);
  const adults = statedAdults > 0 ? statedAdults : children + infants > 0 ? 0 : 1;
  const peak = /\boff[- ]?peak\b/.test(text) ? false : /\bpeak\b/.test(text) ? true : null;
  const clamp = (n: number) => Math.min(20, Math.max(0, n));
  return {
    route,
    routeNamed: named,
    request: {
      adults: clamp(adults),
      children: clamp(children),
      infants: clamp(infants),
      vehicle: vehicle ?? 'none',
      bicycles: clamp(bicycles),
    },
    peak,
    partyNamed: statedAdults + children + infants > 0 || vehicle !== null || bicycles > 0,
  };
}
