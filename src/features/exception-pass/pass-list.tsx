/**
 * The rider's passes, newest first, from the device's store (queued ones included). Status colours
 * per membership §4 (src/domain/exception-pass.ts passStatusTone); an approved pass shows its QR.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { DeckhandDB, ExceptionPassRow } from '@/data/db';
import { PASS_ROUTE_LABELS, PASS_TYPE_LABELS, passStatusTone } from '@/domain/exception-pass';
import { formatTerminalTime } from '@/domain/time';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

const TONE_BADGE: Record<ReturnType<typeof passStatusTone>, BadgeVariant> = {
  yellow: 'warning',
  green: 'success',
  red: 'destructive',
};

function statusLabel(row: ExceptionPassRow): string {
  if (row.syncState === 'queued') return "Queued — sends when you're back online";
  if (row.syncState === 'failed') return 'Not sent';
  return row.status ?? 'pending';
}

function when(iso: string): string {
  return formatTerminalTime(iso, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function PassList({ database }: { database: DeckhandDB }) {
  const passes = useLiveQuery(() => database.exceptionPasses.orderBy('createdAt').reverse().toArray(), [database]);
  return (
    <Card aria-labelledby="my-passes-title">
      <CardHeader>
        <CardTitle id="my-passes-title">Your Passes</CardTitle>
      </CardHeader>
      <CardContent>
        {passes === undefined ? null : passes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passes yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {passes.map((row) => {
              const label = statusLabel(row);
              const tone =
                row.syncState === 'sent'
                  ? passStatusTone(row.status ?? 'pending')
                  : row.syncState === 'failed'
                    ? 'red'
                    : 'yellow';
              const approved = row.syncState === 'sent' && passStatusTone(row.status ?? '') === 'green';
              return (
                <li
                  key={row.localId}
                  className="rounded-md border border-border p-3 text-sm"
                  aria-label={`${PASS_TYPE_LABELS[row.passType]} pass, ${label}`}
                >
                  <p className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{PASS_TYPE_LABELS[row.passType]}</span>
                    <Badge variant={TONE_BADGE[tone]} className="capitalize">
                      {label}
                    </Badge>
                  </p>
                  <p>{PASS_ROUTE_LABELS[row.route]}</p>
                  <p className="text-muted-foreground">Departs {when(row.departureTime)}</p>
                  {row.reason ? <p className="mt-1">Reason: {row.reason}</p> : null}
                  {row.syncError ? <p className="mt-1 text-destructive">{row.syncError}</p> : null}
                  {approved && row.qrCode ? (
                    <figure className="mt-2 flex flex-col items-center gap-1">
                      <img
                        src={row.qrCode}
                        alt={`QR code of your ${PASS_TYPE_LABELS[row.passType].toLowerCase()} pass`}
                        className="size-48"
                      />
                      <figcaption className="text-xs text-muted-foreground">
                        Show this at the booth. Valid {row.validFrom ? when(row.validFrom) : ''} –{' '}
                        {row.validUntil ? when(row.validUntil) : ''}
                      </figcaption>
                    </figure>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
