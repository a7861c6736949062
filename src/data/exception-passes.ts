/**
 * Exception passes on the device, offline-first (DESIGN.md "Data flow (client)"): a request is saved
 * with its outbox row (POST /api/exception-passes) in one transaction, then sent; the rider's passes are
 * pulled from the server into the same table, merged by server id, so the status and the QR image
 * are on the device when the booth asks for them, even offline.
 */
import { listPasses, requestPass } from '@/domain/contracts/exception-passes';
import type { PassInput } from '@/domain/exception-pass';
import { callApi, callTarget } from '@/lib/api-client';
import { saveWithOutbox } from '@/sync/outbox';
import { sendQueued, type QueuedWriteOutcome } from '@/sync/send-queued';

import type { DeckhandDB, ExceptionPassRow } from './db';
import { mergePulledRow } from './pulled-rows';

export async function queuePass(database: DeckhandDB, input: PassInput): Promise<ExceptionPassRow> {
  const row: ExceptionPassRow = { localId: crypto.randomUUID(), createdAt: Date.now(), ...input, syncState: 'queued' };
  await saveWithOutbox(database, database.exceptionPasses, row, {
    ...callTarget(requestPass, { body: input }),
    body: input,
  });
  return row;
}

export async function pullPasses(database: DeckhandDB): Promise<void> {
  const passes = await callApi(listPasses, {});
  await database.transaction('rw', database.exceptionPasses, async () => {
    for (const pass of passes) {
      const fromServer = {
        status: pass.status,
        reason: pass.reason,
        qrCode: pass.qrCode,
        validFrom: pass.validFrom,
        validUntil: pass.validUntil,
      };
      await mergePulledRow(
        database.exceptionPasses,
        pass.id,
        (localId): ExceptionPassRow => ({
          localId,
          createdAt: Date.parse(pass.createdAt) || Date.now(),
          passType: pass.passType,
          description: pass.description,
          route: pass.route,
          departureTime: pass.departureTime,
          syncState: 'sent',
          serverId: pass.id,
          ...fromServer,
        }),
        { ...fromServer, syncState: 'sent', syncError: undefined },
      );
    }
  });
}

/**
 * After `queuePass`: send it (`sendQueued`); once sent, the passes are pulled again. A request left
 * queued is marked `awaitingConfirmation`, so the page says once when the server has it
 * (confirmQueuedPasses).
 */
export async function sendPass(database: DeckhandDB, localId: string): Promise<QueuedWriteOutcome> {
  const outcome = await sendQueued(database, database.exceptionPasses, localId);
  if (outcome.state === 'sent')
    await pullPasses(database).catch((error: unknown) => console.warn('Could not refresh passes', error));
  if (outcome.state === 'queued') await database.exceptionPasses.update(localId, { awaitingConfirmation: true });
  return outcome;
}

/**
 * Queued requests whose fate is now known (the server has them, or finally refused them): answered
 * once each, and the flag cleared, so each confirmation shows once.
 */
export async function confirmQueuedPasses(database: DeckhandDB): Promise<ExceptionPassRow[]> {
  return database.transaction('rw', database.exceptionPasses, async () => {
    const settled = await database.exceptionPasses
      .filter((row) => row.awaitingConfirmation === true && row.syncState !== 'queued')
      .toArray();
    for (const row of settled) await database.exceptionPasses.update(row.localId, { awaitingConfirmation: false });
    return settled;
  });
}
