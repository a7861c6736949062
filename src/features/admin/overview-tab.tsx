/**
 * Overview (admin dashboard): today's figures, each with its last 7 days as a small chart, from
 * GET /api/admin/metrics (30 s), plus riders active today (/users/active, 60 s) and booking requests
 * (/booking-requests, 30 s), at the spec's polling intervals (membership §7).
 */
import type { Metrics, Trend } from '@/domain/back-office';
import { ADMIN_ACTIVE_USERS_POLL_MS, ADMIN_BOOKING_REQUESTS_POLL_MS, ADMIN_METRICS_POLL_MS } from '@/domain/constants';
import { adminBookingRequests, overviewMetrics, ridersSeenToday } from '@/domain/contracts/admin-dashboard';
import { formatClock } from '@/domain/time';
import { usePolled } from '@/lib/use-polled';
import { Card, CardContent } from '@/ui/card';

import { Sparkline } from './sparkline';

interface Tile {
  label: string;
  value: string;
  trend: Trend | null;
  note: string;
}

function tiles(m: Metrics): Tile[] {
  const money = (n: number) => `$${n.toFixed(2)}`;
  return [
    {
      label: 'Riders active today',
      value: String(m.ridersActiveToday.today),
      trend: m.ridersActiveToday,
      note: 'riders seen per day',
    },
    { label: 'Orders today', value: String(m.ordersToday.today), trend: m.ordersToday, note: 'orders per day' },
    // Not revenue: no payment is taken in the app (riders pay at the car), so these are order values.
    {
      label: 'Value of orders placed today',
      value: money(m.orderValuePlaced.today),
      trend: m.orderValuePlaced,
      note: 'order totals placed per day',
    },
    {
      label: 'Value of orders delivered today',
      value: money(m.orderValueDelivered.today),
      trend: m.orderValueDelivered,
      note: 'totals staff marked delivered per day',
    },
    {
      label: 'Open complaints',
      value: String(m.openComplaints.now ?? 0),
      trend: m.openComplaints,
      note: 'filed per day, still open',
    },
    {
      label: 'Active away sessions',
      value: String(m.activeAwaySessions.now ?? 0),
      trend: m.activeAwaySessions,
      note: 'started per day',
    },
    {
      label: 'Push subscriptions',
      value: String(m.pushSubscriptions.now ?? 0),
      trend: m.pushSubscriptions,
      note: 'new per day',
    },
    {
      label: 'Exception passes today',
      value: String(m.exceptionPasses.today),
      trend: m.exceptionPasses,
      note: 'requested per day',
    },
    {
      label: 'Ninja requests active/booked',
      value: `${m.ninjaRequests.active} / ${m.ninjaRequests.booked}`,
      trend: m.ninjaRequests,
      note: `created per day (${m.ninjaRequests.today} today)`,
    },
    {
      label: 'Contributions today',
      value: String(m.contributionsToday.today),
      trend: m.contributionsToday,
      note: 'per day',
    },
  ];
}

export function OverviewTab() {
  const metrics = usePolled(overviewMetrics, {}, ADMIN_METRICS_POLL_MS);
  const active = usePolled(ridersSeenToday, {}, ADMIN_ACTIVE_USERS_POLL_MS);
  const requests = usePolled(adminBookingRequests, {}, ADMIN_BOOKING_REQUESTS_POLL_MS);
  const m = metrics.data;
  return (
    <div className="flex flex-col gap-4">
      {m ? (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {tiles(m).map((tile) => (
            <li key={tile.label}>
              <Card>
                <CardContent className="flex items-end justify-between gap-2 pt-4">
                  <div>
                    <p className="text-sm text-muted-foreground">{tile.label}</p>
                    <p className="text-2xl font-semibold">{tile.value}</p>
                    <p className="text-xs text-muted-foreground">7 days: {tile.note}</p>
                  </div>
                  {tile.trend ? (
                    <Sparkline values={tile.trend.values} days={tile.trend.days} label={tile.label} />
                  ) : null}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{metrics.error ?? 'Loading figures...'}</p>
      )}
      {m ? (
        <p className="text-xs text-muted-foreground">
          Figures from {formatClock(m.generatedAt)}, refreshed every 30 s.
        </p>
      ) : null}
      <section aria-labelledby="active-riders-title" className="flex flex-col gap-2">
        <h3 id="active-riders-title" className="text-base font-semibold">
          Riders active today {active.data ? `(${active.data.length})` : ''}
        </h3>
        <ul className="flex flex-wrap gap-2 text-sm">
          {active.data?.slice(0, 20).map((r) => (
            <li key={r.id} className="rounded-md border border-border px-2 py-1">
              {r.username} · {r.membershipType} · {formatClock(r.lastSeenAt)}
            </li>
          ))}
        </ul>
        <p className="text-sm">Booking requests being monitored: {requests.data ? requests.data.length : '…'}</p>
      </section>
    </div>
  );
}
