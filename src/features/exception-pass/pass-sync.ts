/**
 * Exception passes the offline-first way (DESIGN.md "Data flow (client)"): a request is saved with
 * its outbox row (POST /api/exception-passes) in one transaction, then sent; the rider's passes are
 * pulled from the server into the same table, merged by server id, so the status and the QR image
 * are on the device when the booth asks for them, even offline.
 */
import type { DeckhandDB, ExceptionPassRow } from '@/data/db';
import { mergePulledRow } from '@/data/pulled-rows';
import { listPasses, requestPass } from '@/domain/contracts/exception-passes';
import type { PassInput } from '@/domain/exception-pass';
import { callApi, callTarget } from '@/lib/api-client';
import { requestBackgroundSync } from '@/lib/pwa';
import { flushNow } from '@/sync/flush-now';
import { saveWithOutbox } from '@/sync/outbox';

export type PassOutcome = { state: 'sent' } | { state: 'queued' } | { state: 'failed'; reason: string };

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
 * After `queuePass`: ask for Background Sync and, when online, flush now, refresh and report how it
 * went. A request left queued is marked `awaitingConfirmation`, so the page says once when the
 * server has it (confirmQueuedPasses).
 */
export async function deliverPass(database: DeckhandDB, localId: string, online: boolean): Promise<PassOutcome> {
  const outcome = await sendPass(database, localId, online);
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

async function sendPass(database: DeckhandDB, localId: string, online: boolean): Promise<PassOutcome> {
  requestBackgroundSync().catch((error: unknown) => console.warn('Background sync unavailable', error));
  if (!online) return { state: 'queued' };
  await flushNow(database);
  const stored = await database.exceptionPasses.get(localId);
  if (stored?.syncState === 'sent') {
    await pullPasses(database).catch((error: unknown) => console.warn('Could not refresh passes', error));
    return { state: 'sent' };
  }
  if (stored?.syncState === 'failed') return { state: 'failed', reason: stored.syncError ?? '' };
  return { state: 'queued' };
}
