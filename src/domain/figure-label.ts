/**
 * The source and age shown beside every figure a rider acts on (DESIGN.md "Real data where a public
 * source exists, honest labels everywhere"): "BC Ferries · 2 min ago", "AIS · 40 s ago", "estimated"
 * for what Deckhand models, and "simulated" whenever the built-in simulator is the source, so a demo
 * never passes for real. The age is counted from the source's `observedAt`, never from when the
 * device stored the figure, so offline a stored figure keeps growing older on screen.
 *
 * A vessel position older than POSITION_STALE_MS (./vessel-position.ts) is not shown as a position:
 * "position unknown since 3:12 pm".
 */
import type { FigureSource, Provenance } from './sailing';
import { formatClockLower } from './time';
import { positionIsStale } from './vessel-position';

export const SOURCE_NAMES: Record<FigureSource, string> = {
  bcferries: 'BC Ferries',
  ais: 'AIS',
  model: 'estimated',
  simulator: 'simulated',
};

/**
 * Lane counts, camera detections and what is built on them (the queue position, sailing waits, the
 * community counts) have no public source: while the simulator serves the sailings they are its
 * queue model (server/feed/simulator.ts) and say "simulated"; under a real source there are none
 * (the server serves no camera detections or frames), the counts are riders' reports and a
 * position comes from the rider's GPS fix, and where there is nothing the app says so in these words.
 */
export const LANE_COUNTS_LABEL = SOURCE_NAMES.simulator;
/** A figure Deckhand models from those counts (a wait, a place in the lane). */
export const FROM_LANE_COUNTS_LABEL = `estimated from ${LANE_COUNTS_LABEL} lane counts`;
/** Under a real source: no lane count for the terminal (no public source, no rider report). */
export const NO_LANE_COUNT_TEXT = 'No lane count is available for this terminal';
/** Under a real source: the cameras are the simulator's, so there are none. */
export const NO_CAMERA_COUNT_TEXT = 'No camera count is available for this terminal';

/** "40 s ago", "2 min ago", "3 h ago", "2 d ago" from an age in ms (a future instant counts as now). */
export function ageText(ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/**
 * The label for a figure with this provenance at `now`. No provenance (a figure only the modelled
 * vessel list carries) and `model` are "estimated": a model's figure is as old as the moment it is
 * computed, so it has no age worth showing. Every observed figure shows its source and its age.
 */
export function figureLabel(provenance: Provenance | null | undefined, now: number): string {
  if (!provenance || provenance.source === 'model') return SOURCE_NAMES.model;
  const observed = Date.parse(provenance.observedAt);
  const age = Number.isNaN(observed) ? null : ageText(now - observed);
  const name = SOURCE_NAMES[provenance.source];
  return age === null ? name : `${name} · ${age}`;
}

/** "position unknown since 3:12 pm" for a stale position; null while the position is current. */
export function positionUnknownText(position: { observedAt: string; stale?: boolean }, now: number): string | null {
  if (!positionIsStale(position, now)) return null;
  const observed = Date.parse(position.observedAt);
  return Number.isNaN(observed) ? 'position unknown' : `position unknown since ${formatClockLower(observed)}`;
}
