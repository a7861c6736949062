/**
 * What the chat retrieves from: the FAQ and fare table from the database, and live data
 * from the feed: the next sailings and how full they are per departure terminal, the lane count per
 * terminal and the median wait (a car joining behind the median of the last counts, carried by the
 * listed sailings: src/domain/community-queue.ts).
 * Each becomes one KnowledgeDoc whose `answer` is the text the chat quotes.
 */
import { announcedDepartureFillText, listedSailingsFrom } from '@/domain/capacity';
import { faqDocs, type KnowledgeDoc } from '@/domain/chat-retrieval';
import { communityMedianWait, medianCount, medianWaitExplained } from '@/domain/community-queue';
import type { FaqItem } from '@/domain/faq';
import { quoteFare, type Fare } from '@/domain/fares';
import type { Ferry } from '@/domain/ferry';
import { LANE_COUNTS_LABEL } from '@/domain/figure-label';
import { formatCad, toCents } from '@/domain/money';
import type { QueueDataValue } from '@/domain/realtime';
import { terminalById, TERMINALS } from '@/domain/terminals';
import { formatClock } from '@/domain/time';

/** rider-core §9: "last 10 counts kept". */
export const WAIT_HISTORY_LIMIT = 10;
/** Sailings quoted per terminal. */
const SAILINGS_QUOTED = 2;

const price = (value: string | null) => (value === null ? 'not priced' : formatCad(toCents(value)));

export function fareDoc(fare: Fare): KnowledgeDoc {
  const vehicles =
    fare.vehicleUnder20 === null
      ? 'vehicles not priced'
      : `vehicle under 20 ft ${price(fare.vehicleUnder20)}, 20-25 ft ${price(fare.vehicle20To25)}, over 25 ft ${price(fare.vehicleOver25)}, motorcycle ${price(fare.motorcycle)}`;
  const bicycle = fare.bicycle === null ? 'bicycle not priced on this route' : `bicycle ${price(fare.bicycle)}`;
  const example = {
    adults: 1,
    children: 0,
    infants: 0,
    bicycles: 0,
    vehicle: fare.vehicleUnder20 === null ? 'none' : 'under20',
  } as const;
  const offPeak = quoteFare(fare, { ...example, peak: false });
  const peak = quoteFare(fare, { ...example, peak: true });
  const exampleText = example.vehicle === 'none' ? '1 adult' : '1 adult with a vehicle under 20 ft';
  return {
    id: `fare:${fare.routeId}`,
    kind: 'fare',
    source: `Fare table: ${fare.routeName}`,
    title: `Fares ${fare.routeName}`,
    text: `${fare.description}. Adult child infant vehicle motorcycle bicycle peak multiplier tax.`,
    keywords: 'fare fares price prices cost costs ticket tickets pay car vehicle',
    answer:
      `${fare.routeName} fares: adult ${price(fare.adult)}, child (5-11) ${price(fare.child)}, infant (0-4) free; ` +
      `${vehicles}; ${bicycle}. Peak sailings ×${fare.peakMultiplier}. Tax 12% on the subtotal. ` +
      `Example: ${exampleText} is ${formatCad(offPeak.totalCents)} off-peak and ${formatCad(peak.totalCents)} at peak, tax included.`,
  };
}

function sailingLine(ferry: Ferry): string {
  const to = ferry.route.split(' - ')[1] ?? ferry.route;
  const late = ferry.delayMinutes ? `${ferry.delayMinutes} min late` : 'on time';
  return `${ferry.name} to ${to} at ${formatClock(ferry.departureTime)} (${late}; ${announcedDepartureFillText(ferry)})`;
}

export function sailingDocs(ferries: readonly Ferry[], now: number): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  for (const terminal of TERMINALS) {
    const upcoming = ferries
      .filter((ferry) => ferry.terminalId === terminal.id && Date.parse(ferry.departureTime) >= now - 60_000)
      .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))
      .slice(0, SAILINGS_QUOTED);
    if (upcoming.length === 0) continue;
    const routes = [...new Set(upcoming.map((ferry) => ferry.route))].join(', ');
    docs.push({
      id: `sailing:${terminal.id}`,
      kind: 'sailing',
      source: `Live feed: next sailings from ${terminal.name}`,
      title: `Next sailing from ${terminal.name}`,
      text: `${terminal.name} departures ${routes} ${upcoming.map((ferry) => ferry.name).join(' ')}`,
      keywords:
        'next sailing sailings ferry ferries departure departures depart departs leave leaves leaving schedule time boat full capacity space',
      answer: `Next sailings from ${terminal.name}: ${upcoming.map(sailingLine).join('; then ')}. (Live feed, estimated loads.)`,
    });
  }
  return docs;
}

/** Keeps the last WAIT_HISTORY_LIMIT lane counts per terminal, for the community median wait. */
export class WaitHistory {
  private readonly counts = new Map<string, number[]>();

  record(values: readonly QueueDataValue[]): void {
    for (const value of values) {
      const list = this.counts.get(value.terminalId) ?? [];
      list.push(value.vehicleCount);
      while (list.length > WAIT_HISTORY_LIMIT) list.shift();
      this.counts.set(value.terminalId, list);
    }
  }

  /** The median of the kept counts (cars), as the app's tracker takes it (src/domain/community-queue.ts). */
  medianCount(terminalId: string): number | null {
    return medianCount(this.counts.get(terminalId) ?? []);
  }

  sampleCount(terminalId: string): number {
    return this.counts.get(terminalId)?.length ?? 0;
  }
}

export function queueDocs(
  counts: readonly QueueDataValue[],
  history: WaitHistory,
  ferries: readonly Ferry[],
  now: number,
): KnowledgeDoc[] {
  return counts.flatMap((count) => {
    const terminal = terminalById(count.terminalId);
    if (!terminal) return [];
    // The tracker's median wait, by the same rule (src/domain/community-queue.ts): bounded by the sailings.
    const median = history.medianCount(count.terminalId);
    const wait = communityMedianWait(median, listedSailingsFrom(ferries, count.terminalId, now), now);
    // Only a rider's report is observed: camera and model counts are the simulator's (src/domain/figure-label.ts LANE_COUNTS_LABEL).
    const basis = count.userReported
      ? 'rider reports'
      : count.source === 'camera'
        ? `${LANE_COUNTS_LABEL} terminal cameras`
        : `the ${LANE_COUNTS_LABEL} timetable model`;
    const samples = history.sampleCount(count.terminalId);
    const waitText =
      median === null
        ? ''
        : ` Median wait: ${wait ? `about ${wait.minutes} min` : 'not known'}. ${medianWaitExplained(median, samples, wait?.departureTime ?? null, formatClock)}`;
    return [
      {
        id: `queue:${terminal.id}`,
        kind: 'queue' as const,
        source: count.userReported
          ? `Rider report: lane count at ${terminal.name}`
          : `Simulated lane count at ${terminal.name}`,
        title: `Wait and lanes at ${terminal.name}`,
        text: `${terminal.name} lanes vehicles waiting`,
        keywords: 'queue line lane lanes wait waiting long busy cars vehicles traffic lineup',
        answer: `${terminal.name} lanes: about ${count.vehicleCount} vehicles waiting (estimated from ${basis} at ${formatClock(count.timestamp)}).${waitText}`,
      },
    ];
  });
}

/** What the assistant knows at one moment: the guide, the fare table and the live feed. */
export interface KnowledgeInput {
  faq: readonly FaqItem[];
  fares: readonly Fare[];
  ferries: readonly Ferry[];
  counts: readonly QueueDataValue[];
  history: WaitHistory;
  now: number;
}

export function buildKnowledge(input: KnowledgeInput): KnowledgeDoc[] {
  return [
    ...faqDocs(input.faq),
    ...input.fares.map(fareDoc),
    ...sailingDocs(input.ferries, input.now),
    ...queueDocs(input.counts, input.history, input.ferries, input.now),
  ];
}
