/**
 * Flushes the outbox from the worker (DESIGN.md "Data flow (client)"), so a write queued offline is
 * sent when the connection returns even if every Deckhand page has been closed.
 *
 * Triggers:
 * - the Background Sync `sync` event for OUTBOX_SYNC_TAG (the page registers it after queuing);
 * - a `{type:'FLUSH_OUTBOX'}` message from a page (browsers without Background Sync, and tests).
 *
 * The flusher is the page's own (src/sync/flusher.ts): same Dexie database, same Idempotency-Keys,
 * and a Web Lock so page and worker never flush at once — a write is delivered exactly once. What
 * follows an acknowledged write (the profile an answer carries stored) is the page's too
 * (src/data/acknowledged-writes.ts).
 * If pending rows remain after a sync pass (offline, 5xx, backoff), the handler rejects so the browser
 * schedules another sync attempt; on the browser's last attempt it settles instead, and the page's
 * own triggers (start, 'online', visibility) pick the rows up later.
 * After every pass, open windows get `{type:'outbox-flushed', sent, failed, remaining}`.
 */
import { ACKNOWLEDGED_WRITES } from '@/data/acknowledged-writes';
import { db } from '@/data/db';
import { OUTBOX_SYNC_TAG } from '@/domain/constants';
import { isFlushOutboxMessage, OUTBOX_FLUSHED, type OutboxFlushedMessage } from '@/lib/sw-messages';
import { installAcknowledged } from '@/sync/acknowledged';
import { flushOutbox, type FlushResult } from '@/sync/flusher';

import { postToAllWindows } from './clients';

declare const self: ServiceWorkerGlobalScope;

/** The Background Sync event (not in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

export class OutboxNotDrainedError extends Error {
  constructor(readonly remaining: number) {
    super(`${remaining} outbox row(s) still waiting to be sent`);
    this.name = 'OutboxNotDrainedError';
  }
}

async function flushAndReport(): Promise<FlushResult> {
  const result = await flushOutbox({ database: db });
  const message: OutboxFlushedMessage = {
    type: OUTBOX_FLUSHED,
    sent: result.sent,
    failed: result.failed,
    remaining: result.remaining,
  };
  await postToAllWindows(message);
  return result;
}

async function handleSync(event: SyncEvent): Promise<void> {
  const result = await flushAndReport();
  if (result.remaining > 0 && !event.lastChance) throw new OutboxNotDrainedError(result.remaining);
}

export function registerOutboxSync(): void {
  installAcknowledged(ACKNOWLEDGED_WRITES);
  self.addEventListener('sync', (event: Event) => {
    const syncEvent = event as SyncEvent;
    if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
    syncEvent.waitUntil(handleSync(syncEvent));
  });

  self.addEventListener('message', (event) => {
    if (!isFlushOutboxMessage(event.data)) return;
    event.waitUntil(
      flushAndReport().then(
        () => undefined,
        (error: unknown) => console.warn('Outbox flush requested by a page failed', error),
      ),
    );
  });
}
