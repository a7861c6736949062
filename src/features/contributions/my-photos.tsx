/**
 * Photo counts made on this device: queued ones with a thumbnail and "waiting to send" (with how
 * far the upload got on a slow link), sent ones with the points the server awarded, and finally
 * refused ones with the reason, Discard, and Retry only when sending it again could succeed.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';

import { noteOf, pointsOf, SENT_PHOTOS_KEPT } from '@/data/contributions';
import type { DeckhandDB, PhotoContributionRow } from '@/data/db';
import { refusalMayPass } from '@/domain/refusal';
import { terminalById } from '@/domain/terminals';
import type { UploadFile } from '@/lib/api-client';
import { flushNow } from '@/sync/flush-now';
import { discardFailed, retryFailed } from '@/sync/flusher';
import { subscribeUploadProgress, uploadProgressSnapshot } from '@/sync/upload-progress';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';

function Thumbnail({ photo, label }: { photo: UploadFile; label: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([photo.bytes], { type: photo.type })), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={label} className="size-12 shrink-0 rounded object-cover" />;
}

function PhotoLine({
  row,
  database,
  progress,
}: {
  row: PhotoContributionRow;
  database: DeckhandDB;
  progress: number | undefined;
}) {
  const where = terminalById(row.terminal)?.name ?? row.terminal;
  const points = row.syncState === 'sent' ? pointsOf(row.serverAnswer) : null;
  return (
    <li className="flex items-center gap-3 py-2">
      <Thumbnail photo={row.photo} label={`Your photo of ${row.lane} at ${where}`} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <span>
          {row.vehicleCount} vehicles · {row.lane} · {where}
        </span>
        {row.syncState === 'queued' && (
          <>
            <span className="text-muted-foreground">
              {progress === undefined ? 'waiting to send' : `sending… ${Math.round(progress * 100)}%`}
            </span>
            {progress !== undefined && <Progress value={Math.round(progress * 100)} label="Upload progress" />}
          </>
        )}
        {row.syncState === 'sent' && (
          <span className="text-success">
            Sent · +{points ?? 0} points
            {noteOf(row.serverAnswer) && (
              <span className="block text-muted-foreground">{noteOf(row.serverAnswer)}</span>
            )}
          </span>
        )}
        {row.syncState === 'failed' && (
          <span className="flex flex-wrap items-center gap-2 text-destructive">
            Not accepted: {row.syncError}
            {refusalMayPass(row.syncErrorStatus) ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  if (row.outboxId) void retryFailed(database, row.outboxId).then(() => flushNow(database));
                }}
              >
                Retry
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => row.outboxId && void discardFailed(database, row.outboxId)}
            >
              Discard
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}

export function MyPhotos({ database }: { database: DeckhandDB }) {
  const rows = useLiveQuery(
    () => database.photoContributions.orderBy('createdAt').reverse().limit(SENT_PHOTOS_KEPT).toArray(),
    [database],
  );
  const progress = useSyncExternalStore(subscribeUploadProgress, uploadProgressSnapshot, uploadProgressSnapshot);
  if (!rows || rows.length === 0) return null;
  return (
    <section aria-label="Your photos" className="flex flex-col">
      <h3 className="text-sm font-semibold">Your photos</h3>
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <PhotoLine
            key={row.localId}
            row={row}
            database={database}
            progress={row.outboxId ? progress.get(row.outboxId) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}
