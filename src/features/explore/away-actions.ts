/**
 * Starting and exiting away mode, offline-first (DESIGN.md "Data flow (client)"): the session row and
 * its outbox row commit in ONE transaction, then a flush is requested. The session's id is made here
 * (a UUID the server keeps), so an exit queued offline names the same session as the queued start,
 * and the server ends up with exactly one session, ended.
 *
 * A session is timed by the rider's sailing (src/domain/away.ts awaySailing): its ferry, and as the
 * estimated boarding its boarding start, so the countdown and the alert follow that sailing. With no
 * sailing known nothing starts (the card says away mode cannot time the return). The queue position is
 * the rider's when known, else the spec's default 26 (rider-core §9); the threshold is always 5 min.
 */
import type { AwaySessionRow, DeckhandDB } from '@/data/db';
import { readRiderTerminal } from '@/data/rider-terminal';
import {
  AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES,
  AWAY_DEFAULT_QUEUE_POSITION,
  awayAlertAt,
  awaySailing,
  type Amenity,
  type AwaySailing,
  type AwaySessionInput,
} from '@/domain/away';
import type { Ferry } from '@/domain/ferry';
import { saveWithOutbox } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

export interface AwayPlan {
  sailing: AwaySailing;
  /** The listed ferry the session will name (its live state: boarding started or not). */
  ferry: Ferry | null;
  queuePosition: number | null;
}

/** What a session started now would be timed by; null while no sailing of the rider's is known here. */
export async function awayPlan(database: DeckhandDB, now = Date.now()): Promise<AwayPlan | null> {
  const [terminal, ferries] = await Promise.all([readRiderTerminal(database), database.ferries.toArray()]);
  const sailing = awaySailing({ ferries, terminal, position: terminal.queuePosition, now });
  if (!sailing) return null;
  return { sailing, ferry: ferries.find((f) => f.id === sailing.ferryId) ?? null, queuePosition: terminal.queuePosition?.positionInQueue ?? null };
}

/** The fields of the session a tap would start now for `plan` (the card times its verdict by them). */
export function awayTarget(plan: AwayPlan) {
  return { estimatedBoardingTime: new Date(plan.sailing.boardingStart).toISOString(), alertThresholdMinutes: AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES };
}

export async function startAway(database: DeckhandDB, amenity: Pick<Amenity, 'name'>, now = Date.now()): Promise<AwaySessionRow | null> {
  const plan = await awayPlan(database, now);
  if (!plan) return null;
  const input: Required<Omit<AwaySessionInput, 'id'>> & { id: string } = {
    id: crypto.randomUUID(),
    ferryId: plan.sailing.ferryId,
    queuePosition: plan.queuePosition ?? AWAY_DEFAULT_QUEUE_POSITION,
    ...awayTarget(plan),
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
