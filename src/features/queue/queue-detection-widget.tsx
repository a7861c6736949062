/**
 * Queue detection widget (rider-core §2, §4, §8, §9): "Find My Position" reads GPS (high accuracy,
 * 10 s timeout) and asks the server for the position, which it keeps on the device. Without a fix
 * (GPS off or failed) nothing is sent: the widget says GPS is off and offers the terminal picker and
 * the photo count instead (./gps-off-help.tsx; docs/DESIGN.md, "Every departure from the spec"). It shows position, estimated boarding time,
 * confidence with its accuracy label, the basis and, for a photo-verified position, "99% accuracy".
 * The expanded variant (tracker page) adds photo verification, per-camera detections, deep links to
 * the terminal entrance, the community queue data and the data-sharing toggle.
 *
 * Renders from Dexie only; the network is used for the actions and the 15 s refresh.
 */
import { LocateFixed } from 'lucide-react';
import { useId, useState } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useFeedStatus } from '@/data/feed-status';
import { riderSailingIn, useRiderRoute } from '@/data/rider-route';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { departsInText, minutesUntil } from '@/domain/countdown';
import { FROM_LANE_COUNTS_LABEL, NO_LANE_COUNT_TEXT } from '@/domain/figure-label';
import { accuracyLabel, describeBasis } from '@/domain/queue-estimate';
import { carsAheadOf, QUEUE_POSITION_ANCHOR, type QueuePosition } from '@/domain/queue-position';
import { sailingTimeText } from '@/domain/sailing-day';
import { DEFAULT_TERMINAL_ID, terminalById } from '@/domain/terminals';
import { formatClock } from '@/domain/time';
import { ApiError, NetworkError } from '@/lib/api-client';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { FigureSource } from '@/ui/figure-source';
import { Stat, StatGrid } from '@/ui/stat-grid';
import { useNow } from '@/ui/use-now';

import { CameraDetectionList } from './camera-detection-list';
import { CommunityQueue } from './community-queue';
import { DataSharingToggle } from './data-sharing-toggle';
import { EntranceLinks } from './entrance-links';
import { GpsOffHelp } from './gps-off-help';
import { locateRider, type GpsFailure } from './locate-rider';
import { PhotoVerification } from './photo-verification';
import { calculatePosition } from './queue-sync';
import { useQueuePosition } from './use-queue-position';

interface QueueDetectionWidgetProps {
  variant?: 'summary' | 'expanded';
  database?: DeckhandDB;
}

function failureText(error: unknown): string {
  if (error instanceof NetworkError)
    return 'You are offline. Your last known position is shown; try again when you are connected.';
  if (error instanceof ApiError) return error.userMessage;
  return 'Your position could not be calculated. Please try again.';
}

export function QueueDetectionWidget({ variant = 'summary', database = defaultDatabase }: QueueDetectionWidgetProps) {
  const titleId = useId();
  const position = useQueuePosition(database);
  // Under a real source the lane counts are not the simulator's: a position is the GPS fix's alone.
  const realSource = useFeedStatus(database)?.simulatedLaneCounts === false;
  const [busy, setBusy] = useState(false);
  const [gpsFailure, setGpsFailure] = useState<GpsFailure | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function findPosition() {
    setBusy(true);
    setError(null);
    setGpsFailure(null);
    try {
      const located = await locateRider();
      if (!located.ok) {
        setGpsFailure(located.failure);
        return;
      }
      await calculatePosition(database, located.location.point, located.location.accuracy);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  const terminal = terminalById(position?.terminalId ?? DEFAULT_TERMINAL_ID) ?? terminalById(DEFAULT_TERMINAL_ID)!;
  const expanded = variant === 'expanded';

  return (
    <Card aria-labelledby={titleId} id={QUEUE_POSITION_ANCHOR} className="scroll-mt-16">
      <CardHeader>
        <CardTitle id={titleId}>Queue Position</CardTitle>
        <CardDescription data-testid="queue-basis-note">
          {realSource
            ? `From your GPS fix. ${NO_LANE_COUNT_TEXT}: cars ahead are placed by where you stand in the lane.`
            : `From your GPS and the terminal cameras' vehicle counts (${FROM_LANE_COUNTS_LABEL}).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {position ? (
          <PositionDetails database={database} position={position} />
        ) : (
          <p>No position yet. Tap Find My Position when you are in a lane.</p>
        )}
        <Button onClick={() => void findPosition()} disabled={busy}>
          <LocateFixed aria-hidden="true" className="size-5" />
          {busy ? 'Finding your position...' : 'Find My Position'}
        </Button>
        {gpsFailure ? <GpsOffHelp database={database} failure={gpsFailure} /> : null}
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

function PositionDetails({ database, position }: { database: DeckhandDB; position: QueuePosition }) {
  const label = accuracyLabel(position.confidence);
  const terminal = position.terminalId ? terminalById(position.terminalId) : undefined;
  // The rider's sailing: the one Next Ferry and away mode show (src/domain/rider-route.ts).
  const route = useRiderRoute(database);
  const now = useNow(COUNTDOWN_TICK_MS);
  const rider = route ? riderSailingIn(route, now) : null;
  return (
    <div className="flex flex-col gap-2" data-testid="queue-position">
      <p className="text-2xl font-bold text-primary">
        Position <span data-testid="queue-position-number">{position.positionInQueue}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {carsAheadOf(position.positionInQueue)} {carsAheadOf(position.positionInQueue) === 1 ? 'car' : 'cars'} ahead of
        you
        {terminal ? ` at ${terminal.name}` : ''}
      </p>
      {rider ? (
        <p className="text-sm" data-testid="queue-sailing">
          Your sailing: <span className="font-medium">{rider.sailing.route}</span>,{' '}
          <span className="font-medium" data-testid="queue-sailing-departure">
            {sailingTimeText(rider.sailing.departureTime, now)}
          </span>{' '}
          · {departsInText(minutesUntil(rider.sailing.departureTime, now) ?? 0)}
        </p>
      ) : null}
      <StatGrid>
        {rider ? (
          <Stat label="Boarding starts">
            <span data-testid="queue-boarding-starts">{formatClock(rider.boardingStart)}</span>
            <FigureSource provenance={rider.boardingStartProvenance} now={now} className="block" />
          </Stat>
        ) : null}
        <Stat label="Estimated boarding">{formatClock(position.estimatedBoardingTime)}</Stat>
        <Stat label="Confidence">
          {Math.round(position.confidence * 100)}% · {label}
        </Stat>
        <Stat label="Based on">{describeBasis(position.basedOn)}</Stat>
        <Stat label="Updated">{formatClock(position.lastUpdated)}</Stat>
      </StatGrid>
      <p className="flex flex-wrap gap-2">
        <Badge variant={label === 'High' ? 'success' : label === 'Good' ? 'secondary' : 'warning'}>
          {label} accuracy
        </Badge>
        {position.verified ? <Badge variant="success">99% accuracy</Badge> : null}
      </p>
    </div>
  );
}
