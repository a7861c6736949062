/**
 * Arrival timers on the device, offline-first (DESIGN.md data flow): creating and cancelling write the
 * local row and its outbox row in ONE transaction; `sendTimerWrite` then sends it. The id is a client-made UUID, so a
 * timer created offline can be cancelled offline (the queued DELETE names the same id).
 *
 * Cutoff and leave time follow from the chosen sailing (src/domain/arrival-timer.ts arrivalPlan); the
 * server recomputes them with the same function when the POST arrives; pullTimers() then brings its
 * figures back. A rider has one active timer: creating one drops the others locally, as
 * the server does.
 */
import { ARRIVAL_TRAVEL_MINUTES, arrivalPlan } from '@/domain/arrival-timer';
import type { ArrivalTimerInput } from '@/domain/arrival-timer-input';
import { createArrivalTimer, deleteArrivalTimer, listArrivalTimers } from '@/domain/contracts/arrival-timers';
import { callApi, callTarget } from '@/lib/api-client';
import { enqueue } from '@/sync/outbox';
import { sendQueued, type QueuedWriteOutcome } from '@/sync/send-queued';

import type { ArrivalTimerRow, DeckhandDB } from './db';
import { localChangeStands } from './pulled-rows';

export interface NewTimer {
  ferryId: string;
  departureLocation: string;
  /** The chosen sailing's departure (ISO instant). */
  targetDeparture: string;
  bufferTime: number;
}

/** Sends a queued create or cancel (`sendQueued`); once the server answered, its timers are pulled again. */
export async function sendTimerWrite(database: DeckhandDB, id: string): Promise<QueuedWriteOutcome> {
  const outcome = await sendQueued(database, database.arrivalTimers, id);
  if (outcome.state !== 'queued')
    await pullTimers(database).catch((error: unknown) => console.warn('Arrival timer pull failed', error));
  return outcome;
}

export async function queueTimer(database: DeckhandDB, input: NewTimer, now = Date.now()): Promise<ArrivalTimerRow> {
  const times = arrivalPlan(input.targetDeparture, input.bufferTime, now);
  const row: ArrivalTimerRow = {
    id: crypto.randomUUID(),
    ferryId: input.ferryId,
    departureLocation: input.departureLocation.trim(),
    targetDeparture: input.targetDeparture,
    bufferTime: input.bufferTime,
    travelTime: ARRIVAL_TRAVEL_MINUTES,
    cutoffTime: times.cutoffTime,
    alarmTime: times.alarmTime,
    status: 'active',
    createdAt: now,
    syncState: 'queued',
  };
  await database.transaction('rw', database.arrivalTimers, database.outbox, async () => {
    await database.arrivalTimers
      .where('id')
      .notEqual(row.id)
      .modify((other) => {
        if (other.status === 'active') other.status = 'cancelled';
      });
    await database.arrivalTimers.put(row);
    const body: ArrivalTimerInput = {
      id: row.id,
      ferryId: row.ferryId,
      departureLocation: row.departureLocation,
      targetDeparture: input.targetDeparture,
      bufferTime: row.bufferTime,
      travelTime: ARRIVAL_TRAVEL_MINUTES,
    };
    await enqueue(database, {
      ...callTarget(createArrivalTimer, { body }),
      body,
      localTable: database.arrivalTimers.name,
      localKey: row.id,
    });
  });
  return row;
}

export async function queueTimerCancel(database: DeckhandDB, id: string): Promise<void> {
  await database.transaction('rw', database.arrivalTimers, database.outbox, async () => {
    await database.arrivalTimers.update(id, { status: 'cancelled', syncState: 'queued', syncError: undefined });
    await enqueue(database, {
      ...callTarget(deleteArrivalTimer, { params: { id } }),
      localTable: database.arrivalTimers.name,
      localKey: id,
    });
  });
}

/**
 * Merge the server's active timers: server rows win for rows already sent; rows still queued or
 * failed locally stay; sent rows the server no longer has (cancelled, replaced) go. A row the server
 * acknowledged after this request started (syncedAt > startedAt) also stays as it is: the answer
 * may predate it (a pull started as the widget opened, answered after the rider's new timer was sent).
 */
export async function pullTimers(database: DeckhandDB): Promise<void> {
  const startedAt = Date.now();
  const timers = await callApi(listArrivalTimers, {});
  await database.transaction('rw', database.arrivalTimers, async () => {
    const local = await database.arrivalTimers.toArray();
    const onServer = new Set(timers.map((t) => t.id));
    for (const row of local) {
      if (!localChangeStands(row, startedAt) && !onServer.has(row.id)) await database.arrivalTimers.delete(row.id);
    }
    for (const timer of timers) {
      const mine = local.find((row) => row.id === timer.id);
      if (mine && localChangeStands(mine, startedAt)) continue;
      await database.arrivalTimers.put({
        id: timer.id,
        ferryId: timer.ferryId,
        departureLocation: timer.departureLocation,
        targetDeparture: timer.targetDeparture,
        bufferTime: timer.bufferTime,
        travelTime: timer.travelTime,
        cutoffTime: timer.cutoffTime,
        alarmTime: timer.alarmTime,
        status: 'active',
        createdAt: Date.parse(timer.createdAt) || Date.now(),
        syncState: 'sent',
      });
    }
  });
}
