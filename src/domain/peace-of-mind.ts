/**
 * Peace of Mind Alerts figures (rider-core §2 Widgets, §9 placeholders; DESIGN.md "Placeholders become
 * live values").
 *
 * Rule: with a known QueuePosition (Dexie META.queuePosition, written by the queue feature) "Your
 * Position" is its positionInQueue and the approximate cars ahead are positionInQueue − 1 (every car
 * in front of yours). While no position is known the spec's example position 23 shows, marked as an
 * example by the card, with 22 cars ahead: the same rule, not the spec's 8, so the example never
 * contradicts itself. The bar is the position against a scale of 30, clamped to 0-100 %.
 */
import { carsAheadOf, PLACEHOLDER_QUEUE_POSITION, QUEUE_BAR_SCALE, type QueuePosition } from './queue-position';

export interface PeaceOfMindFigures {
  position: number;
  carsAhead: number;
  /** 0-100: position against QUEUE_BAR_SCALE. */
  barPercent: number;
  /** True while the figures are the spec's placeholders (no real position yet). */
  placeholder: boolean;
}

export function peaceOfMindFigures(queue: Pick<QueuePosition, 'positionInQueue'> | null | undefined): PeaceOfMindFigures {
  const placeholder = !queue;
  const position = queue ? queue.positionInQueue : PLACEHOLDER_QUEUE_POSITION;
  const carsAhead = carsAheadOf(position);
  const barPercent = Math.min(100, Math.max(0, Math.round((position / QUEUE_BAR_SCALE) * 100)));
  return { position, carsAhead, barPercent, placeholder };
}
