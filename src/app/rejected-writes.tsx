/**
 * The writes the server refused, named as a rider would say them, with the server's reason and
 * Retry (when sending again may pass) / Discard. Loaded when the rider asks "Why not sent?".
 */
import type { DeckhandDB } from '@/data/db';
import { createArrivalTimer, deleteArrivalTimer } from '@/domain/contracts/arrival-timers';
import { endAwaySession, startAwaySession } from '@/domain/contracts/away-sessions';
import { fileComplaint } from '@/domain/contracts/complaints';
import { contractMatches, type Contract } from '@/domain/contracts/contract';
import {
  reportAmenityStatus,
  reportCapacity,
  reportWaitTime,
  sendPhotoCount,
  setDisplayName,
  validatePhoto,
} from '@/domain/contracts/contributions';
import { requestPass } from '@/domain/contracts/exception-passes';
import { cancelNinjaRequest, createNinjaRequest } from '@/domain/contracts/ninja-booking';
import {
  markAllNotificationsRead,
  markNotificationRead,
  subscribePush,
  unsubscribePush,
} from '@/domain/contracts/notifications';
import { placeOrder } from '@/domain/contracts/orders';
import { claimReward } from '@/domain/contracts/rewards';
import { saveAccount, saveAnimalPreferences, startTrial } from '@/domain/contracts/users';
import { refusalMayPass } from '@/domain/refusal';
import { flushNow } from '@/sync/flush-now';
import { discardFailed, retryFailed } from '@/sync/flusher';
import type { OutboxRow } from '@/sync/sync-database';
import { Button } from '@/ui/button';

/** Queued writes as a rider would name them; a write not listed is shown by its method and path. */
const WRITE_NAMES: ReadonlyArray<readonly [Contract, string]> = [
  [fileComplaint, 'Complaint'],
  [placeOrder, 'Order'],
  [startAwaySession, 'Away mode start'],
  [endAwaySession, 'Away mode exit'],
  [createArrivalTimer, 'Arrival timer'],
  [deleteArrivalTimer, 'Arrival timer cancel'],
  [markNotificationRead, 'Notification read'],
  [markAllNotificationsRead, 'Notifications read'],
  [subscribePush, 'Alert sign-up'],
  [unsubscribePush, 'Alert sign-off'],
  [saveAccount, 'Account details'],
  [saveAnimalPreferences, 'Travel and notification preferences'],
  [startTrial, 'Free trial'],
  [createNinjaRequest, 'Ninja Booking request'],
  [cancelNinjaRequest, 'Ninja Booking cancel'],
  [requestPass, 'Exception pass request'],
  [sendPhotoCount, 'Photo contribution'],
  [reportWaitTime, 'Wait time report'],
  [reportCapacity, 'Capacity check'],
  [validatePhoto, 'Photo check'],
  [reportAmenityStatus, 'Amenity status'],
  [setDisplayName, 'Leaderboard name'],
  [claimReward, 'Reward claim'],
];

function describeWrite(row: OutboxRow): string {
  return (
    WRITE_NAMES.find(([contract]) => contractMatches(contract, row.method, row.path))?.[1] ??
    `${row.method} ${row.path}`
  );
}

export function RejectedWrites({
  id,
  database,
  rows,
}: {
  id: string;
  database: DeckhandDB;
  rows: readonly OutboxRow[];
}) {
  return (
    <ul id={id} className="flex flex-col gap-2 pb-1">
      {rows.map((row) => (
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
  );
}
