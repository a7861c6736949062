/**
 * The rider's own terminal as every screen reads it (src/domain/rider-terminal.ts decides): the queue
 * position's terminal, else the one picked on this device, else Horseshoe Bay. Reads only the local
 * store, so it answers offline and on first paint.
 */
import type { QueuePosition } from '@/domain/queue-position';
import { riderTerminal, type RiderTerminal } from '@/domain/rider-terminal';

import { db, META, type DeckhandDB } from './db';
import { firstRead, useLiveRead } from './first-read';
import { readQueuePosition } from './queue-position';

export interface RiderTerminalState extends RiderTerminal {
  /** The rider's queue position when one is stored and still holds. */
  queuePosition: QueuePosition | null;
}

export async function readRiderTerminal(database: DeckhandDB): Promise<RiderTerminalState> {
  const now = Date.now();
  const [queuePosition, chosen] = await Promise.all([
    readQueuePosition(database, now),
    database.meta.get(META.chosenTerminal),
  ]);
  return { ...riderTerminal({ queuePosition, chosenTerminalId: chosen?.value, now }), queuePosition };
}

/** A first visit's terminal at `now` (nothing stored on the device): what the server renders /app with. */
export function firstVisitTerminal(now: number): RiderTerminalState {
  return { ...riderTerminal({ queuePosition: null, chosenTerminalId: undefined, now }), queuePosition: null };
}

/** The device store's read, made before home's first render (src/app/router.tsx). */
export const riderTerminalFirstRead = firstRead(() => readRiderTerminal(db));

/** undefined while the first read is under way. */
export function useRiderTerminal(database: DeckhandDB): RiderTerminalState | undefined {
  return useLiveRead(
    () => readRiderTerminal(database),
    [database],
    database === db ? riderTerminalFirstRead : undefined,
  );
}

/** Remember the rider's pick on this device (a local setting: nothing is sent). */
export async function chooseTerminal(database: DeckhandDB, terminalId: string): Promise<void> {
  await database.meta.put({ key: META.chosenTerminal, value: terminalId, updatedAt: Date.now() });
}
