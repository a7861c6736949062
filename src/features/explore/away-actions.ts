/**
 * Starting and exiting away mode, offline-first (DESIGN.md "Data flow (client)"): the session row and
 * its outbox row commit in ONE transaction, then a flush is requested. The session's id is made here
 * (a UUID the server keeps), so an exit queued offline names the same session as the queued start,
 * and the server ends up with exactly one session, ended.
 *
 * Starting uses the rider's known queue position (META.queuePosition: position, estimated boarding,
 * its ferry) and falls back to the spec's defaults (position 26, boarding 30 min from now, rider-core
 * §9) for whatever is unknown; the threshold is always the default 5 minutes. The ferry is the
 * position's ferry, else the next sailing from the rider's own terminal.
 */
import { META, type AwaySessionRow, type DeckhandDB } from '@/data/db';
import { readRiderTerminal } from '@/data/rider-terminal';
import {
  AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES,
  AWAY_DEFAULT_BOARDING_MINUTES,
  AWAY_DEFAULT_QUEUE_POSITION,
  awayAlertAt,
  type Amenity,
  type AwaySessionInput,
} from '@/domain/away';
import type { QueuePosition } from '@/domain/queue-position';
import { riderSailing, vesselServing } from '@/domain/rider-terminal';
import { saveWithOutbox } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

/**
 * The ferry a session started now would be for: the sailing the rider's car boards by their queue
 * position, else the next sailing from the rider's own terminal (src/domain/rider-terminal.ts); null
 * while no such ferry is known on this device.
 */
export async function sessionFerryId(database: DeckhandDB, now = Date.now()): Promise<string | null> {
  const [terminal, ferries] = await Promise.all([readRiderTerminal(database), database.ferries.toArray()]);
  if (terminal.source === 'queue' && terminal.queuePosition?.ferryId) return terminal.queuePosition.ferryId;
  return (riderSailing(ferries, terminal, now) ?? vesselServing(ferries, terminal.terminalId, now))?.id ?? null;
}

export async function startAway(database: DeckhandDB, amenity: Pick<Amenity, 'name'>, now = Date.now()): Promise<AwaySessionRow | null> {
  const ferryId = await sessionFerryId(database, now);
  if (!ferryId) return null;
  const queue = (await database.meta.get(META.queuePosition))?.value as QueuePosition | undefined;
  const input: Required<Omit<AwaySessionInput, 'id'>> & { id: string } = {
    id: crypto.randomUUID(),
    ferryId,
    queuePosition: queue?.positionInQueue ?? AWAY_DEFAULT_QUEUE_POSITION,
    estimatedBoardingTime: queue?.estimatedBoardingTime ?? new Date(now + AWAY_DEFAULT_BOARDING_MINUTES * 60_000).toISOString(),
    alertThresholdMinutes: AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES,
    currentLocation: amenity.name,
  };
  const row: AwaySessionRow = {
    ...input,
    alertAt: new Date(awayAlertAt(input)).toISOString(),
    createdAt: new Date(now).toISOString(),
    status: 'active',
    syncState: 'queued',
  };
  await saveWithOutbox(database, database.awaySessions, row, { method: 'POST', path: '/api/away-sessions', body: input });
  void sendSoon(database);
  return row;
}

export async function exitAway(database: DeckhandDB, session: AwaySessionRow): Promise<void> {
  const row: AwaySessionRow = { ...session, status: 'ended', syncState: 'queued', syncError: undefined };
  await saveWithOutbox(database, database.awaySessions, row, {
    method: 'DELETE',
    path: `/api/away-sessions/${encodeURIComponent(session.id)}`,
  });
  void sendSoon(database);
}
