/**
 * Active Ninja Requests (membership §2, §4): the requests still being watched, newest first, with
 * the primary badge; booked, expired and cancelled ones listed apart below, with the secondary badge. Each shows its attempts and last check,
 * the booked sailing and fee once booked, and whether it is still waiting to be sent.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { DeckhandDB, NinjaRequestRow } from '@/data/db';
import { queueNinjaCancel } from '@/data/ninja-requests';
import type { Services } from '@/domain/services';
import { formatClock } from '@/domain/time';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

const STATUS_LABEL: Record<NinjaRequestRow['status'], string> = {
  active: 'Active',
  booked: 'Booked',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** A booking's line: only a real provider's booking reads "Booked"; the simulator's says it is simulated. */
export function bookingText(
  booking: NonNullable<NinjaRequestRow['booking']>,
  services: Services | null | undefined,
): string {
  const when = `${formatClock(booking.departureTime)} sailing`;
  if (services?.booking && !services.booking.simulated) return `Booked: ${when} · success fee $${booking.successFee}`;
  return `Simulated booking, not a reservation: ${when} · success fee $${booking.successFee} recorded, not charged`;
}

export function NinjaRequestList({
  database,
  services,
}: {
  database: DeckhandDB;
  services: Services | null | undefined;
}) {
  const rows = useLiveQuery(() => database.ninjaRequests.orderBy('createdAt').reverse().toArray(), [database]);

  async function cancel(id: string) {
    await queueNinjaCancel(database, id);
    const outcome = (await sendQueued(database, database.ninjaRequests, id)).state;
    if (outcome === 'failed')
      toast.error('Cancel Failed', { description: 'This request could not be cancelled. Please try again.' });
    else
      toast('Ninja Booking cancelled', {
        description:
          outcome === 'sent' ? 'We stopped watching this sailing.' : 'It will be cancelled when you are back online.',
      });
  }

  if (rows === undefined) return null;
  const active = rows.filter((row) => row.status === 'active');
  const past = rows.filter((row) => row.status !== 'active');
  const item = (row: NinjaRequestRow) => (
    <li
      key={row.id}
      className="flex flex-col gap-1 rounded-md border border-border p-3"
      aria-label={`${row.route} on ${row.departureDate}`}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold">{row.route}</span>
        <Badge variant={row.status === 'active' ? 'default' : 'secondary'}>{STATUS_LABEL[row.status]}</Badge>
      </div>
      <span>
        {row.departureDate}
        {row.departureTime ? ` · ${row.departureTime}` : ' · any time'}
        {row.isFlexible && row.departureTime ? ` (±${row.flexibilityHours} h)` : ''} · {row.passengerCount}{' '}
        {row.passengerCount === 1 ? 'passenger' : 'passengers'} · {row.priority} priority
        {row.autoBookEnabled ? ' · auto-book' : ''}
      </span>
      {row.booking ? <span className="font-medium">{bookingText(row.booking, services)}</span> : null}
      <span className="text-sm text-muted-foreground">
        {row.syncState === 'queued'
          ? 'Waiting to be sent'
          : row.syncState === 'failed'
            ? `Not accepted: ${row.syncError ?? 'refused by the server'}`
            : `${row.currentAttempts} ${row.currentAttempts === 1 ? 'check' : 'checks'}${row.lastCheckedAt ? `, last at ${formatClock(row.lastCheckedAt)}` : ''}`}
      </span>
      {row.status === 'active' && row.syncState !== 'failed' ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void cancel(row.id)}
          aria-label={`Cancel ${row.route} on ${row.departureDate}`}
        >
          Cancel
        </Button>
      ) : null}
    </li>
  );

  return (
    <>
      <Card aria-labelledby="ninja-active">
        <CardHeader>
          <CardTitle id="ninja-active">Active Ninja Requests</CardTitle>
        </CardHeader>
        <CardContent>
          {active.length === 0 ? (
            <p className="text-muted-foreground">
              {past.length === 0
                ? 'No Ninja Booking requests yet. Set one up below.'
                : 'No active requests. Set one up below.'}
            </p>
          ) : (
            <ul aria-labelledby="ninja-active" className="flex flex-col gap-3">
              {active.map(item)}
            </ul>
          )}
        </CardContent>
      </Card>
      {past.length > 0 ? (
        <Card aria-labelledby="ninja-past">
          <CardHeader>
            <CardTitle id="ninja-past">Booked, Expired and Cancelled</CardTitle>
          </CardHeader>
          <CardContent>
            <ul aria-labelledby="ninja-past" className="flex flex-col gap-3">
              {past.map(item)}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
