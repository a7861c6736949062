/**
 * Live terminal cameras (rider-core §2, §3, §8): the feeds of one terminal at a time, by location
 * (entrance, queue area, booth), starting on the rider's own terminal (src/domain/rider-terminal.ts). Each image loads from the feed url with a cache-busting timestamp,
 * renewed every CAMERA_REFRESH_MS; a broken image shows "Camera feed unavailable". Offline, the
 * service worker answers with the camera's last frame (sw/caching.ts) and the card says how old it is
 * (the time each frame last loaded online is kept in META.cameraFramesSeen). The views are drawn from
 * the simulator's queue model: under a real source (the feed status, src/data/feed-status.ts) the
 * card shows none and says no camera count is available for the terminal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';

import { pullCameraFeeds, readCameraFeeds } from '@/data/camera-feeds';
import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { useFeedStatus } from '@/data/feed-status';
import { useRiderTerminal } from '@/data/rider-terminal';
import { NO_CAMERA_COUNT_TEXT } from '@/domain/figure-label';
import { CAMERA_LOCATIONS } from '@/domain/lane-occupancy';
import { CAMERA_UNAVAILABLE_TEXT, type CameraFeed } from '@/domain/queue-api';
import { DEFAULT_TERMINAL_ID, QUEUE_TERMINAL_IDS, terminalById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';

/** Frames change once a simulated minute; asking every 30 s keeps them at most a minute behind. */
export const CAMERA_REFRESH_MS = 30_000;

const LOCATION_LABEL: Record<CameraFeed['location'], string> = {
  entrance: 'Entrance',
  queue_area: 'Queue area',
  booth: 'Booth',
};

async function rememberFrame(database: DeckhandDB, cameraId: string, at: number): Promise<void> {
  await database.transaction('rw', database.meta, async () => {
    const seen = ((await database.meta.get(META.cameraFramesSeen))?.value ?? {}) as Record<string, number>;
    await database.meta.put({ key: META.cameraFramesSeen, value: { ...seen, [cameraId]: at }, updatedAt: at });
  });
}

export function LiveCameras({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  const selectId = useId();
  // The rider's own terminal until they choose another one to look at here.
  const rider = useRiderTerminal(database);
  const [picked, setPicked] = useState<string | null>(null);
  const terminalId = picked ?? rider?.terminalId ?? DEFAULT_TERMINAL_ID;
  const [stamp, setStamp] = useState(() => Date.now());
  const online = useConnectivityStore((s) => s.online);
  const realSource = useFeedStatus(database)?.simulatedLaneCounts === false;
  const local = useLiveQuery(async () => {
    const [feeds, seen] = await Promise.all([readCameraFeeds(database), database.meta.get(META.cameraFramesSeen)]);
    return { feeds, seen: (seen?.value ?? {}) as Record<string, number> };
  }, [database]);

  useEffect(() => {
    pullCameraFeeds(database).catch((error: unknown) => console.warn('Camera feeds unavailable', error));
    const timer = setInterval(() => setStamp(Date.now()), CAMERA_REFRESH_MS);
    return () => clearInterval(timer);
  }, [database]);

  const feeds = (local?.feeds ?? [])
    .filter((f) => f.terminalId === terminalId && f.active)
    .sort((a, b) => CAMERA_LOCATIONS.indexOf(a.location) - CAMERA_LOCATIONS.indexOf(b.location));

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Live Terminal Cameras</CardTitle>
        <CardDescription>Simulated camera views of the vehicle lanes.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label htmlFor={selectId} className="text-sm font-medium">
          Terminal
        </label>
        <select id={selectId} value={terminalId} onChange={(e) => setPicked(e.target.value)} className={fieldClass}>
          {QUEUE_TERMINAL_IDS.map((id) => (
            <option key={id} value={id}>
              {terminalById(id)?.name ?? id}
            </option>
          ))}
        </select>
        {realSource ? (
          <p className="text-sm text-muted-foreground" data-testid="no-camera-count">
            {NO_CAMERA_COUNT_TEXT}
          </p>
        ) : null}
        {!realSource && local && feeds.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cameras listed yet.</p>
        ) : null}
        {(realSource ? [] : feeds).map((feed) => (
          <CameraView
            key={`${feed.id}:${stamp}`}
            feed={feed}
            stamp={stamp}
            online={online}
            seenAt={local?.seen[feed.id]}
            onLoaded={() => {
              if (online) rememberFrame(database, feed.id, Date.now()).catch(() => undefined);
            }}
          />
        ))}
      </CardContent>
    </Card>
  );
}

interface CameraViewProps {
  feed: CameraFeed;
  stamp: number;
  online: boolean;
  seenAt: number | undefined;
  onLoaded: () => void;
}

function CameraView({ feed, stamp, online, seenAt, onLoaded }: CameraViewProps) {
  const [broken, setBroken] = useState(false);
  const ageMinutes = seenAt ? Math.max(0, Math.round((stamp - seenAt) / 60_000)) : null;
  return (
    <figure className="flex flex-col gap-1" data-camera-id={feed.id}>
      <figcaption className="text-sm font-medium">
        {feed.name} · {LOCATION_LABEL[feed.location]}
      </figcaption>
      {broken ? (
        <div className="flex aspect-video items-center justify-center rounded-md bg-secondary text-sm font-medium text-secondary-foreground">
          {CAMERA_UNAVAILABLE_TEXT}
        </div>
      ) : (
        <img
          src={`${feed.url}?t=${stamp}`}
          alt={`${feed.name} camera view`}
          width={640}
          height={360}
          className="aspect-video w-full rounded-md bg-secondary object-cover"
          onError={() => setBroken(true)}
          onLoad={onLoaded}
        />
      )}
      {!online && seenAt && !broken ? (
        <p className="text-xs text-muted-foreground">
          Offline · last frame from {formatClock(seenAt)} ({ageMinutes} min ago)
        </p>
      ) : null}
    </figure>
  );
}
