/**
 * The assistant's answer to a price question, computed: the route, passengers and vehicle read from
 * the question (./chat-intent.ts), priced by the fare calculator (./fares.ts) with tax, off-peak and
 * peak both quoted unless one was asked for, and what was assumed said in the text. Shared by the
 * server's assistant and the browser's offline answer (over the fare table cached on the device).
 */
import type { ChatResponse } from './chat';
import { MAIN_ROUTE_IDS, parseFareQuestion, type FareQuestion } from './chat-intent';
import { quoteFare, VEHICLE_TYPES, type Fare } from './fares';
import { formatCad } from './money';

/** Confidence of a computed answer when everything it used was named in the question. */
export const COMPUTED_CONFIDENCE = 0.95;
/** …and when something was assumed (the main routes, one adult, the rider's terminal): still high, said in the text. */
export const ASSUMED_CONFIDENCE = 0.82;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function partyText(q: FareQuestion): string {
  const parts: string[] = [];
  if (q.request.adults) parts.push(plural(q.request.adults, 'adult', 'adults'));
  if (q.request.children) parts.push(plural(q.request.children, 'child', 'children'));
  if (q.request.infants) parts.push(plural(q.request.infants, 'infant (free)', 'infants (free)'));
  const vehicle = VEHICLE_TYPES.find((v) => v.key === q.request.vehicle);
  const withWhat: string[] = [];
  if (vehicle && vehicle.key !== 'none')
    withWhat.push(vehicle.key === 'motorcycle' ? 'a motorcycle' : `a ${vehicle.label.toLowerCase()}`);
  if (q.request.bicycles) withWhat.push(plural(q.request.bicycles, 'bicycle', 'bicycles'));
  const who = parts.join(', ') || 'no passengers';
  return withWhat.length ? `${who} with ${withWhat.join(' and ')}` : `${who} on foot`;
}

export function fareAnswer(fares: readonly Fare[], query: string): ChatResponse | null {
  const q = parseFareQuestion(query);
  const routeId = q.route === 'main' ? MAIN_ROUTE_IDS[0] : q.route;
  const fare = fares.find((f) => f.routeId === routeId);
  if (!fare) return null;
  const where =
    q.route === 'main'
      ? `On the main routes (Horseshoe Bay - Departure Bay, Tsawwassen - Swartz Bay, Tsawwassen - Duke Point)`
      : `On ${fare.routeName}`;
  let offPeak;
  let peak;
  try {
    offPeak = quoteFare(fare, { ...q.request, peak: false });
    peak = quoteFare(fare, { ...q.request, peak: true });
  } catch (error) {
    const reason = error instanceof RangeError ? error.message : 'that fare cannot be priced';
    return {
      response: `${where}: ${reason}. The fare calculator on the Help page lists what this route prices.`,
      confidence: ASSUMED_CONFIDENCE,
      sources: [`Fare table: ${fare.routeName}`],
    };
  }
  const lines = offPeak.lines
    .map((line) => `${line.quantity} × ${line.label.toLowerCase()} ${formatCad(line.unitCents)}`)
    .join(', ');
  const surcharge = `peak sailings ×${fare.peakMultiplier}`;
  const priced =
    q.peak === true
      ? `${formatCad(peak.totalCents)} on a peak sailing (${surcharge}: +${formatCad(peak.peakSurchargeCents)}), tax included (12%: ${formatCad(peak.taxCents)})`
      : q.peak === false
        ? `${formatCad(offPeak.totalCents)} off-peak, tax included (12%: ${formatCad(offPeak.taxCents)}); no peak surcharge`
        : `${formatCad(offPeak.totalCents)} off-peak or ${formatCad(peak.totalCents)} at peak (${surcharge}), tax included (12%)`;
  const assumed: string[] = [];
  if (!q.routeNamed) assumed.push('the main routes');
  if (!q.partyNamed) assumed.push('one adult on foot');
  const assumption = assumed.length
    ? ` (I assumed ${assumed.join(' and ')}; ask with your route, passengers and vehicle for your exact price.)`
    : '';
  return {
    response: `${where}, ${partyText(q)} costs ${priced}. Fares: ${lines}.${assumption}`,
    confidence: assumed.length ? ASSUMED_CONFIDENCE : COMPUTED_CONFIDENCE,
    sources: [`Fare table: ${fare.routeName}`, 'Fare calculator (tax 12% on the subtotal)'],
  };
}
