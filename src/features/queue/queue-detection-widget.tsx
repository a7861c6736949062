/**
 * Queue detection widget (rider-core §2, §4, §8, §9): "Find My Position" reads GPS (high accuracy,
 * 10 s timeout; on failure the Horseshoe Bay coordinates, and the widget says so) and asks the server
 * for the position, which it keeps on the device. It shows position, estimated boarding time,
 * confidence with its accuracy label, the basis and, for a photo-verified position, "99% accuracy".
 * The expanded variant (tracker page) adds photo verification, per-camera detections, deep links to
 * the terminal entrance, the community queue data and the data-sharing toggle.
 *
 * Renders from Dexie only; the network is used for the actions and the 15 s refresh.
 */
import { useId, useState } from 'react';
import { LocateFixed } from 'lucide-react';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { ApiError, NetworkError } from '@/lib/api-client';
import { accuracyLabel, describeBasis } from '@/domain/queue-estimate';
import { DEFAULT_TERMINAL_ID, terminalById } from '@/domain/terminals';
import { carsAheadOf, type QueuePosition } from '@/domain/queue-position';
import { formatClock } from '@/domain/time';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Stat, StatGrid } from '@/ui/stat-grid';
import { CameraDetectionList } from './camera-detection-list';
import { CommunityQueue } from './community-queue';
import { DataSharingToggle } from './data-sharing-toggle';
import { EntranceLinks } from './entrance-links';
import { locateRider } from './locate-rider';
import { PhotoVerification } from './photo-verification';
import { calculatePosition } from './queue-sync';
import { useQueuePosition } from './use-queue-position';

interface QueueDetectionWidgetProps {
  variant?: 'summary' | 'expanded';
  database?: DeckhandDB;
}

export const FALLBACK_LOCATION_TEXT = 'Could not read your location, so the Horseshoe Bay terminal coordinates were used.';

function failureText(error: unknown): string {
  if (error instanceof NetworkError) return 'You are offline. Your last known position is shown; try again when you are connected.';
  if (error instanceof ApiError) return error.userMessage;
  return 'Your position could not be calculated. Please try again.';
}

export function QueueDetectionWidget({ variant = 'summary', database = defaultDatabase }: QueueDetectionWidgetProps) {
  const titleId = useId();
  const position = useQueuePosition(database);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function findPosition() {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const location = await locateRider();
      if (location.fallback) setNote(FALLBACK_LOCATION_TEXT);
      await calculatePosition(database, location.point, location.accuracy);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const terminal = terminalById(position?.terminalId ?? DEFAULT_TERMINAL_ID) ?? terminalById(DEFAULT_TERMINAL_ID)!;
  const expanded = variant === 'expanded';

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Queue Position</CardTitle>
        <CardDescription>From your GPS and the terminal cameras' vehicle counts (estimated).</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {position ? <PositionDetails position={position} /> : <p>No position yet. Tap Find My Position when you are in a lane.</p>}
        <Button onClick={() => void findPosition()} disabled={busy}>
          <LocateFixed aria-hidden="true" className="size-5" />
          {busy ? 'Finding your position...' : 'Find My Position'}
        </Button>
        <div role="status" className="text-sm">
          {note ? <p>{note}</p> : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        {expanded ? (
          <>
            <PhotoVerification database={database} position={position ?? null} />
            <CameraDetectionList database={database} />
            <EntranceLinks terminal={terminal} />
            <CommunityQueue database={database} terminalId={terminal.id} terminalName={terminal.name} />
            <DataSharingToggle database={database} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PositionDetails({ position }: { position: QueuePosition }) {
  const label = accuracyLabel(position.confidence);
  const terminal = position.terminalId ? terminalById(position.terminalId) : undefined;
  return (
    <div className="flex flex-col gap-2" data-testid="queue-position">
      <p className="text-2xl font-bold text-primary">
        Position <span data-testid="queue-position-number">{position.positionInQueue}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {carsAheadOf(position.positionInQueue)} {carsAheadOf(position.positionInQueue) === 1 ? 'car' : 'cars'} ahead of you
        {terminal ? ` at ${terminal.name}` : ''}
      </p>
      <StatGrid>
        <Stat label="Estimated boarding">{formatClock(position.estimatedBoardingTime)}</Stat>
        <Stat label="Confidence">
          {Math.round(position.confidence * 100)}% · {label}
        </Stat>
        <Stat label="Based on">{describeBasis(position.basedOn)}</Stat>
        <Stat label="Updated">{formatClock(position.lastUpdated)}</Stat>
      </StatGrid>
      <p className="flex flex-wrap gap-2">
        <Badge variant={label === 'High' ? 'success' : label === 'Good' ? 'secondary' : 'warning'}>{label} accuracy</Badge>
        {position.verified ? <Badge variant="success">99% accuracy</Badge> : null}
      </p>
    </div>
  );
}
