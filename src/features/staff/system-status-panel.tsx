/** System figures from GET /api/{admin|staff}/system-status, polled every 10 s (membership §7). */
import { ADMIN_SYSTEM_STATUS_POLL_MS } from '@/domain/constants';
import { formatClock } from '@/domain/time';
import { usePolled } from '@/lib/use-polled';

interface SystemStatus {
  database: { kind: string; queryMs: number };
  websocketClients: number;
  feed: { lastChangeAgoSeconds: number | null };
  push: { subscriptions: number };
  memory: { rssMb: number; heapUsedMb: number };
  uptimeSeconds: number;
  tables: { idempotencyKeys: number };
  checkedAt: string;
}

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${seconds % 60} s`;
}

export function SystemStatusPanel({ path }: { path: '/api/admin/system-status' | '/api/staff/system-status' }) {
  const { data, error } = usePolled<SystemStatus>(path, ADMIN_SYSTEM_STATUS_POLL_MS);
  if (!data) return <p className="text-sm text-muted-foreground">{error ?? 'Loading system status...'}</p>;
  const rows: Array<[string, string]> = [
    ['Database', `${data.database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL'} · query ${data.database.queryMs} ms`],
    ['WebSocket clients', String(data.websocketClients)],
    ['Ferry feed', data.feed.lastChangeAgoSeconds === null ? 'No change since start' : `Last change ${data.feed.lastChangeAgoSeconds} s ago`],
    ['Push subscriptions', String(data.push.subscriptions)],
    ['Memory', `${data.memory.rssMb} MB resident · ${data.memory.heapUsedMb} MB heap`],
    ['Uptime', duration(data.uptimeSeconds)],
    ['Idempotency keys stored', String(data.tables.idempotencyKeys)],
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
