/** System figures from GET /api/{admin|staff}/system-status, polled every 10 s (membership §7). */
import type { SystemStatus } from '@/domain/back-office';
import { ADMIN_SYSTEM_STATUS_POLL_MS } from '@/domain/constants';
import { adminSystemStatus, staffSystemStatus } from '@/domain/contracts/admin-dashboard';
import { formatClock } from '@/domain/time';
import { usePolled } from '@/lib/use-polled';

const CHANNEL_LABELS = { email: 'Email', sms: 'SMS' } as const;
const BRIDGE_LABELS = {
  connected: 'Connected',
  restarting: 'Restarting',
  failing: 'Last write failed',
  disabled: 'Disabled',
} as const;

function pushLine(push: SystemStatus['push']): string {
  if (push.sent === null || push.since === null) return 'Not counted (no alert loops in this process)';
  return `${push.sent} sent · ${push.failed} failed · ${push.gone} expired, since start ${formatClock(push.since)}`;
}

function outboxLine(rows: SystemStatus['outboundMessages']): string {
  if (rows.length === 0) return 'Empty';
  return (['email', 'sms'] as const)
    .map((channel) => {
      const mine = rows.filter((r) => r.channel === channel);
      return mine.length === 0
        ? null
        : `${CHANNEL_LABELS[channel]}: ${mine.map((r) => `${r.n} ${r.status.replace('_', ' ')}`).join(', ')}`;
    })
    .filter(Boolean)
    .join(' · ');
}

function lagLine(loops: SystemStatus['schedulers']): string {
  if (loops.length === 0) return 'No scheduler runs in this process';
  return loops
    .map(
      (l) =>
        `${l.name}: ${l.lastTickAt === null ? 'not run yet' : `${l.lagMs} ms late`} (every ${Math.round(l.intervalMs / 1000)} s)`,
    )
    .join(' · ');
}

function bridgeLine(bridge: SystemStatus['realtimeBridge']): string {
  const where = bridge.mode === 'emulator' ? 'local emulator' : bridge.mode === 'hosted' ? 'hosted database' : null;
  const restarts = bridge.restarts > 0 ? `, ${bridge.restarts} restart${bridge.restarts === 1 ? '' : 's'}` : '';
  return where ? `${BRIDGE_LABELS[bridge.state]} (${where}${restarts})` : BRIDGE_LABELS[bridge.state];
}

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${seconds % 60} s`;
}

/** The same figures for both dashboards, each read under its own role (`desk`). */
export function SystemStatusPanel({ desk }: { desk: 'admin' | 'staff' }) {
  const { data, error } = usePolled(
    desk === 'admin' ? adminSystemStatus : staffSystemStatus,
    {},
    ADMIN_SYSTEM_STATUS_POLL_MS,
  );
  if (!data) return <p className="text-sm text-muted-foreground">{error ?? 'Loading system status...'}</p>;
  const rows: Array<[string, string]> = [
    [
      'Database',
      `${data.database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL'} · query ${data.database.queryMs} ms`,
    ],
    ['WebSocket clients', String(data.websocketClients)],
    [
      'Ferry feed',
      data.feed.lastChangeAgoSeconds === null
        ? 'No change since start'
        : `Last change ${data.feed.lastChangeAgoSeconds} s ago`,
    ],
    ['Scheduler lag', lagLine(data.schedulers)],
    ['Firebase bridge', bridgeLine(data.realtimeBridge)],
    ['Push subscriptions', String(data.push.subscriptions)],
    ['Push sent/failed', pushLine(data.push)],
    ['Outgoing mail/SMS queue', outboxLine(data.outboundMessages)],
    ['Memory', `${data.memory.rssMb} MB resident · ${data.memory.heapUsedMb} MB heap`],
    ['Uptime', duration(data.uptimeSeconds)],
    ['Idempotency keys stored', `${data.tables.idempotencyKeys} (${data.tables.idempotencyKeysPending} in flight)`],
    ['Outgoing messages stored', String(data.tables.outboundMessages)],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Checked {formatClock(data.checkedAt)}
        {error ? ` · last refresh failed: ${error}` : ''}
      </p>
    </div>
  );
}
