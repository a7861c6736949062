/**
 * Peace of Mind Alerts figures (rider-core §2 Widgets, §9; DESIGN.md "Placeholders become live
 * values": with no data yet a screen shows an empty state, never the spec's sample figures).
 *
 * Rule: with a known QueuePosition (Dexie META.queuePosition, written by the queue feature, still
 * holding by src/domain/queue-position.ts positionEnded) "Your Position" is its positionInQueue and
 * the approximate cars ahead are positionInQueue − 1 (every car in front of yours). The bar is the
 * position against a scale of 30, clamped to 0-100 %. Without a position there are no figures: the
 * card invites the rider to find their position (the spec's example 23 is not a rider's position).
 */
import { carsAheadOf, QUEUE_BAR_SCALE, type QueuePosition } from './queue-position';

export interface PeaceOfMindFigures {
  position: number;
  carsAhead: number;
  /** 0-100: position against QUEUE_BAR_SCALE. */
  barPercent: number;
}

export function peaceOfMindFigures(
  queue: Pick<QueuePosition, 'positionInQueue'> | null | undefined,
): PeaceOfMindFigures | null {
  if (!queue) return null;
  const position = queue.positionInQueue;
  const carsAhead = carsAheadOf(position);
  const barPercent = Math.min(100, Math.max(0, Math.round((position / QUEUE_BAR_SCALE) * 100)));
  return { position, carsAhead, barPercent };
}
