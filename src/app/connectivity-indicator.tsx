/**
 * Connectivity strip under the clock bar: "Offline · data from 10:42 am" when offline (the age of
 * the local ferry data), the outbox's progress ("Sending N…" / "N changes waiting to send"), and
 * finally rejected writes ("N not sent") with their reason and Retry / Discard (./rejected-writes.tsx). Renders nothing when
 * online with nothing pending, so it costs no space when all is well.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useId, useState } from 'react';

import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Button } from '@/ui/button';

// Shown only after "Why not sent?": the names of every kind of write stay out of the start-up script.
const RejectedWrites = lazy(() => import('./rejected-writes').then((m) => ({ default: m.RejectedWrites })));

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function ConnectivityIndicator({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const online = useConnectivityStore((state) => state.online);
  const flushing = useConnectivityStore((state) => state.flushing);
  const [showFailed, setShowFailed] = useState(false);
  const detailsId = useId();
  const local = useLiveQuery(async () => {
    const [pending, failed, fetchedAt] = await Promise.all([
      database.outbox.where('status').equals('pending').count(),
      database.outbox.where('status').equals('failed').sortBy('seq'),
      database.meta.get(META.ferriesFetchedAt),
    ]);
    return { pending, failed, fetchedAt: typeof fetchedAt?.value === 'number' ? fetchedAt.value : null };
  }, [database]);

  if (!local) return null;
  const { pending, failed, fetchedAt } = local;
  if (online && pending === 0 && failed.length === 0) return null;

  return (
    <div className="flex flex-col gap-1 border-b border-border bg-secondary px-3 py-1.5 text-sm text-secondary-foreground">
      <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {online ? null : (
          <span className="font-semibold">
            Offline · {fetchedAt === null ? 'no data yet' : `data from ${formatClockLower(fetchedAt)}`}
          </span>
        )}
        {pending > 0 ? (
          <span>
            {online && flushing ? `Sending ${pending}…` : `${plural(pending, 'change', 'changes')} waiting to send`}
          </span>
        ) : null}
        {failed.length > 0 ? <span className="font-semibold text-destructive">{failed.length} not sent</span> : null}
      </div>
      {failed.length > 0 ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            className="self-start underline"
            aria-expanded={showFailed}
            aria-controls={detailsId}
            onClick={() => setShowFailed((open) => !open)}
          >
            {showFailed ? 'Hide details' : 'Why not sent?'}
          </Button>
          {showFailed ? (
            <Suspense fallback={<p id={detailsId}>Loading the details…</p>}>
              <RejectedWrites id={detailsId} database={database} rows={failed} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
