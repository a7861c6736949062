/**
 * The rider's own terminal, and the sailings that leave from it. Every rider screen that shows "the"
 * ferry (Your Sailing, Next Ferry, the tracker, the cameras, the chat's suggestions, the away-mode
 * overlay) asks this module, so after Find My Position puts a rider in a Horseshoe Bay lane no card
 * stays on a Swartz Bay sailing.
 *
 * Rule (one place): the terminal of the rider's queue position when one is known (they are in that
 * lane); else the terminal the rider chose in the picker (remembered on the device); else Horseshoe
 * Bay, the spec's default terminal (rider-core §2 Contribute selector).
 */
import type { Ferry } from './ferry';
import { QUEUE_POSITION_LIFETIME_MS } from './queue-position';
import { DEFAULT_TERMINAL_ID, QUEUE_TERMINAL_IDS, terminalById } from './terminals';

export type RiderTerminalSource = 'queue' | 'chosen' | 'default';

export interface RiderTerminal {
  terminalId: string;
  source: RiderTerminalSource;
}

/** Terminals a rider can pick: the five queue terminals, in the spec's order. */
export const PICKABLE_TERMINAL_IDS: readonly string[] = QUEUE_TERMINAL_IDS;

export function isPickableTerminal(id: unknown): id is string {
  return typeof id === 'string' && PICKABLE_TERMINAL_IDS.includes(id);
}

/**
 * A queue position older than this no longer says where the rider is (they sailed, or went home), so
 * it stops deciding the terminal and the rider's pick applies again.
 */
export const QUEUE_POSITION_TERMINAL_FRESH_MS = QUEUE_POSITION_LIFETIME_MS;

export function riderTerminal(input: {
  queuePosition?: { terminalId?: string | null; lastUpdated?: string } | null;
  chosenTerminalId?: unknown;
  now?: number;
}): RiderTerminal {
  const fromQueue = input.queuePosition?.terminalId;
  const updated = Date.parse(input.queuePosition?.lastUpdated ?? '');
  const fresh =
    input.now === undefined || Number.isNaN(updated) || input.now - updated <= QUEUE_POSITION_TERMINAL_FRESH_MS;
  if (fromQueue && terminalById(fromQueue) && fresh) return { terminalId: fromQueue, source: 'queue' };
  if (isPickableTerminal(input.chosenTerminalId)) return { terminalId: input.chosenTerminalId, source: 'chosen' };
  return { terminalId: DEFAULT_TERMINAL_ID, source: 'default' };
}

/** Sailings leaving `terminalId` that have not left yet at `now`, soonest first. */
export function sailingsFrom<T extends Pick<Ferry, 'departureTime' | 'terminalId'>>(
  ferries: readonly T[],
  terminalId: string,
  now: number,
): T[] {
  return ferries
    .filter((f) => f.terminalId === terminalId && Date.parse(f.departureTime) > now - 60_000)
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
}

/**
 * The sailing the rider is waiting for: the one their queue position says their car boards when that
 * sailing is known and leaves from their terminal; else the next sailing from their terminal.
 */
export function riderSailing<T extends Pick<Ferry, 'id' | 'departureTime' | 'terminalId'>>(
  ferries: readonly T[],
  terminal: RiderTerminal,
  now: number,
  boardingFerryId?: string | null,
): T | null {
  const from = sailingsFrom(ferries, terminal.terminalId, now);
  if (boardingFerryId) {
    const boarding = from.find((f) => f.id === boardingFerryId);
    if (boarding) return boarding;
  }
  return from[0] ?? null;
}

/** The sailing after `ferry` from the same terminal (and the same route when one is listed), if any. */
export function followingSailing<T extends Pick<Ferry, 'id' | 'departureTime' | 'terminalId' | 'routeId'>>(
  ferries: readonly T[],
  ferry: T,
): T | null {
  const later = ferries
    .filter(
      (f) =>
        f.id !== ferry.id &&
        f.terminalId === ferry.terminalId &&
        Date.parse(f.departureTime) > Date.parse(ferry.departureTime),
    )
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
  return later.find((f) => f.routeId === ferry.routeId) ?? later[0] ?? null;
}
