/**
 * The rider's away sessions on the device. Starting and exiting away mode is offline-first (DESIGN.md
 * "Data flow (client)"): the session row and its outbox row commit in ONE transaction, then a flush
 * is requested. The session's id is made here
 * (a UUID the server keeps), so an exit queued offline names the same session as the queued start,
 * and the server ends up with exactly one session, ended.
 *
 * A session is timed by the rider's sailing, the one Next Ferry and the queue card show
 * (src/domain/rider-route.ts riderSailingNow): its vessel, and as the estimated boarding its boarding
 * start, so the countdown and the alert follow that sailing. With no
 * sailing known nothing starts (the card says away mode cannot time the return). The queue position is
 * the rider's when known, else the spec's default 26 (rider-core §9); the threshold is always 5 min.
 *
 * The pull (GET /api/away-sessions/active): a local row whose start or exit is still queued
 * (syncState 'queued') wins over the server. So does one whose change the server acknowledged after
 * this request started (syncedAt > startedAt): the answer may predate it. Otherwise the server's
 * answer is the truth: its active session is stored as sent, every other local row goes.
 */
import {
  AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES,
  AWAY_DEFAULT_QUEUE_POSITION,
  awayAlertAt,
  type Amenity,
  type AwaySailing,
  type AwaySessionInput,
} from '@/domain/away';
import {
  acknowledgeAwayAlarm,
  activeAwaySession,
  endAwaySession,
  startAwaySession,
} from '@/domain/contracts/away-sessions';
import type { Ferry } from '@/domain/ferry';
import { callApi, callTarget } from '@/lib/api-client';
import { saveWithOutbox } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

import type { AwaySessionRow, DeckhandDB } from './db';
import { readRiderRoute, riderSailingIn, type RiderRouteState } from './rider-route';

export interface AwayPlan {
  sailing: AwaySailing;
  /**
   * What the lanes' status is told from (src/domain/away.ts ferryMotionLabel): the vessel list's state
   * for that same departure when listed (still crossing or at the berth) and the sailing's boarding start.
   */
  lanes: { status?: Ferry['status']; boardingStartTime: string };
  queuePosition: number | null;
}

/**
 * What away mode is timed by at `now` (a session started now, and the running session's overlay):
 * the rider's sailing; null while none is known here, or its vessel is not (a session names it).
 */
export function awayPlanOf(state: RiderRouteState, now: number): AwayPlan | null {
  const rider = riderSailingIn(state, now);
  const vesselId = rider?.sailing.vesselId;
  if (!rider || !vesselId) return null;
  return {
    sailing: {
      ferryId: vesselId,
      departureTime: rider.sailing.departureTime,
      boardingStart: rider.boardingStart,
      boardingStartProvenance: rider.boardingStartProvenance,
    },
    lanes: { status: rider.sailing.ferry?.status, boardingStartTime: new Date(rider.boardingStart).toISOString() },
    queuePosition: state.terminal.queuePosition?.positionInQueue ?? null,
  };
}

export async function awayPlan(database: DeckhandDB, now = Date.now()): Promise<AwayPlan | null> {
  return awayPlanOf(await readRiderRoute(database), now);
}

/** The fields of the session a tap would start now for `plan` (the card times its verdict by them). */
export function awayTarget(plan: AwayPlan) {
  return {
    estimatedBoardingTime: new Date(plan.sailing.boardingStart).toISOString(),
    alertThresholdMinutes: AWAY_DEFAULT_ALERT_THRESHOLD_MINUTES,
  };
}

export async function startAway(
  database: DeckhandDB,
  amenity: Pick<Amenity, 'name'>,
  now = Date.now(),
  options: { repeatUntilAcknowledged?: boolean } = {},
): Promise<AwaySessionRow | null> {
  const plan = await awayPlan(database, now);
  if (!plan) return null;
  const input: Required<Omit<AwaySessionInput, 'id'>> & { id: string } = {
    id: crypto.randomUUID(),
    ferryId: plan.sailing.ferryId,
    queuePosition: plan.queuePosition ?? AWAY_DEFAULT_QUEUE_POSITION,
    ...awayTarget(plan),
    currentLocation: amenity.name,
    repeatUntilAcknowledged: options.repeatUntilAcknowledged ?? false,
  };
  const row: AwaySessionRow = {
    ...input,
    alertAt: new Date(awayAlertAt(input)).toISOString(),
    createdAt: new Date(now).toISOString(),
    status: 'active',
    acknowledgedAt: null,
    syncState: 'queued',
  };
  await saveWithOutbox(database, database.awaySessions, row, {
    ...callTarget(startAwaySession, { body: input }),
    body: input,
  });
  void sendSoon(database);
  return row;
}

export async function exitAway(database: DeckhandDB, session: AwaySessionRow): Promise<void> {
  const row: AwaySessionRow = { ...session, status: 'ended', syncState: 'queued', syncError: undefined };
  await saveWithOutbox(
    database,
    database.awaySessions,
    row,
    callTarget(endAwaySession, { params: { id: session.id } }),
  );
  void sendSoon(database);
}

/**
 * The rider acknowledges the alarm ("I'm heading back"): it stops repeating here at once, offline too,
 * and on the server once the queued POST …/acknowledge lands.
 */
export async function acknowledgeAway(database: DeckhandDB, session: AwaySessionRow, now = Date.now()): Promise<void> {
  const row: AwaySessionRow = {
    ...session,
    acknowledgedAt: new Date(now).toISOString(),
    syncState: 'queued',
    syncError: undefined,
  };
  await saveWithOutbox(
    database,
    database.awaySessions,
    row,
    callTarget(acknowledgeAwayAlarm, { params: { id: session.id } }),
  );
  void sendSoon(database);
}

/** True when the local row must not be overwritten by an answer to a request started at `startedAt`. */
function localWins(row: AwaySessionRow, startedAt: number): boolean {
  return row.syncState === 'queued' || (row.syncedAt !== undefined && row.syncedAt > startedAt);
}

export async function pullActiveAwaySession(database: DeckhandDB): Promise<void> {
  const startedAt = Date.now();
  const session = await callApi(activeAwaySession, {});
  await database.transaction('rw', database.awaySessions, async () => {
    const local = await database.awaySessions.toArray();
    if (local.some((row) => localWins(row, startedAt))) return;
    await database.awaySessions.bulkDelete(local.filter((row) => row.id !== session?.id).map((row) => row.id));
    if (session) await database.awaySessions.put({ ...session, syncState: 'sent' });
  });
}
