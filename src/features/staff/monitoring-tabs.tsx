/** Booking Monitoring and Active Alerts (staff dashboard), both read live from the database. */
import { ADMIN_BOOKING_REQUESTS_POLL_MS, STAFF_QUEUE_POLL_MS } from '@/domain/constants';
import { recentAlerts, staffBookingRequests } from '@/domain/contracts/admin-dashboard';
import { formatClock } from '@/domain/time';
import { usePolled } from '@/lib/use-polled';

export function BookingMonitoring() {
  const { data, error } = usePolled(staffBookingRequests, {}, ADMIN_BOOKING_REQUESTS_POLL_MS);
  if (!data) return <p className="text-sm text-muted-foreground">{error ?? 'Loading booking requests...'}</p>;
  if (data.length === 0)
    return <p className="text-sm text-muted-foreground">No active booking requests or monitors.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {data.map((row) => (
        <li key={row.id} className="rounded-md border border-border p-3">
          <p className="font-medium">
            {row.route} · {row.status}
          </p>
          <p className="text-muted-foreground">
            {row.kind} for {row.rider} · last check {row.lastChecked ? formatClock(row.lastChecked) : 'not yet'}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ActiveAlerts() {
  const { data, error } = usePolled(recentAlerts, {}, STAFF_QUEUE_POLL_MS);
  if (!data) return <p className="text-sm text-muted-foreground">{error ?? 'Loading alerts...'}</p>;
  if (data.length === 0) return <p className="text-sm text-muted-foreground">No alerts sent yet.</p>;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {data.map((alert) => (
        <li key={alert.id} className="rounded-md border border-border p-3">
          <p className="flex justify-between gap-2 font-medium">
            <span>{alert.title}</span>
            <span className="text-xs text-muted-foreground">{formatClock(alert.createdAt)}</span>
          </p>
          <p>{alert.body}</p>
          <p className="text-xs text-muted-foreground">
            {alert.rider} · {alert.kind.replace(/_/g, ' ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
