/**
 * Connectivity strip under the clock bar: "Offline · data from 10:42 am" when offline (the age of
 * the local ferry data), the outbox's progress ("Sending N…" / "N changes waiting to send"), and
 * finally rejected writes ("N not sent") with their reason and Retry / Discard. Renders nothing when
 * online with nothing pending, so it costs no space when all is well.
 */
import { useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as defaultDatabase, META, type DeckhandDB, type OutboxRow } from '@/data/db';
import type { Contract } from '@/domain/contracts/contract';
import {
  reportAmenityStatus,
  reportCapacity,
  reportWaitTime,
  sendPhotoCount,
  setDisplayName,
  validatePhoto,
} from '@/domain/contracts/contributions';
import { claimReward } from '@/domain/contracts/rewards';
import { refusalMayPass } from '@/domain/refusal';
import { formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushNow } from '@/sync/flush-now';
import { discardFailed, retryFailed } from '@/sync/flusher';
import { Button } from '@/ui/button';

/** A write's key in WRITE_NAMES: its contract's method and path. */
function writeKey(contract: Pick<Contract, 'method' | 'path'>): string {
  return `${contract.method} ${contract.path}`;
}

/**
 * Names of queued writes as a rider would say them, by method and path (ids in the path stripped);
 * a write not listed falls back to its method and path.
 */
const WRITE_NAMES: Record<string, string> = {
  'POST /api/complaints': 'Complaint',
  'POST /api/orders': 'Order',
  'POST /api/away-sessions': 'Away mode start',
  'DELETE /api/away-sessions/:id': 'Away mode exit',
  'POST /api/arrival-timers': 'Arrival timer',
  'DELETE /api/arrival-timers/:id': 'Arrival timer cancel',
  'POST /api/notifications/:id/read': 'Notification read',
  'POST /api/notifications/read-all': 'Notifications read',
  'POST /api/push/subscriptions': 'Alert sign-up',
  'DELETE /api/push/subscriptions': 'Alert sign-off',
  'PATCH /api/users/profile': 'Account details',
  'PATCH /api/users/animal-preferences': 'Travel and notification preferences',
  'POST /api/membership/trials': 'Free trial',
  'POST /api/ninja-booking/requests': 'Ninja Booking request',
  'POST /api/ninja-booking/requests/:id/cancel': 'Ninja Booking cancel',
  'POST /api/exception-passes': 'Exception pass request',
  [writeKey(sendPhotoCount)]: 'Photo contribution',
  [writeKey(reportWaitTime)]: 'Wait time report',
  [writeKey(reportCapacity)]: 'Capacity check',
  [writeKey(validatePhoto)]: 'Photo check',
  [writeKey(reportAmenityStatus)]: 'Amenity status',
  [writeKey(setDisplayName)]: 'Leaderboard name',
  [writeKey(claimReward)]: 'Reward claim',
};

function describeWrite(row: OutboxRow): string {
  const [path = ''] = row.path.split('?');
  const shape = path.replace(/^(\/api\/(?:away-sessions|arrival-timers|notifications|ninja-booking\/requests))\/(?!read-all$)[^/]+/, '$1/:id');
  return WRITE_NAMES[`${row.method} ${shape}`] ?? `${row.method} ${row.path}`;
}

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
          <span className="font-semibold">Offline · {fetchedAt === null ? 'no data yet' : `data from ${formatClockLower(fetchedAt)}`}</span>
        )}
        {pending > 0 ? (
          <span>{online && flushing ? `Sending ${pending}…` : `${plural(pending, 'change', 'changes')} waiting to send`}</span>
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
            <ul id={detailsId} className="flex flex-col gap-2 pb-1">
              {failed.map((row) => (
                <li key={row.id} className="rounded-md bg-surface p-2 text-foreground">
                  <p>
                    <span className="font-medium">{describeWrite(row)}</span>: {row.lastError ?? 'Rejected by the server'}
                  </p>
                  <div className="mt-1 flex gap-2">
                    {refusalMayPass(row.lastStatus) ? (
                      <Button
                        size="sm"
                        aria-label={`Retry ${describeWrite(row)}`}
                        onClick={() => {
                          void retryFailed(database, row.id).then(() => flushNow(database));
                        }}
                      >
                        Retry
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Discard ${describeWrite(row)}`}
                      onClick={() => void discardFailed(database, row.id)}
                    >
                      Discard
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
