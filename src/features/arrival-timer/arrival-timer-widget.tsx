/**
 * Arrival timer widget (rider-core §2, §4, §5, §9): a form with the departure location and buffer
 * minutes (5-60, falling back to 15), and the one active timer with its leave-in display and alert
 * text; cancel deletes it. The alerts (15 minutes before leaving and at the time) fire from this local
 * countdown through the shared in-app alert path, with the same keys as the server's push, so they
 * work offline and show once.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { AlarmClock } from 'lucide-react';
import { db as defaultDatabase, type ArrivalTimerRow, type DeckhandDB } from '@/data/db';
import { showAlert } from '@/lib/alerts';
import {
  ARRIVAL_BUFFER_DEFAULT,
  ARRIVAL_BUFFER_MAX,
  ARRIVAL_BUFFER_MIN,
  ARRIVAL_EARLY_ALERT_MINUTES,
  dueTimerAlerts,
  leaveInDisplay,
  minutesUntilLeave,
  normalizeBuffer,
} from '@/domain/arrival-timer';
import { COUNTDOWN_TICK_MS } from '@/domain/constants';
import { formatClock } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/ui/cn';
import { useNow } from '@/ui/use-now';
import { fieldClass } from '@/ui/field';
import { Stat, StatGrid } from '@/ui/stat-grid';
import { cancelTimer, createTimer, pullTimers } from './timer-store';

/** A leave alert this late is not shown any more (matches the server's alert source). */
const ALERT_STALE_MS = 30 * 60_000;

export function ArrivalTimerWidget({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  const local = useLiveQuery(async () => {
    const [timers, ferries] = await Promise.all([database.arrivalTimers.orderBy('createdAt').reverse().toArray(), database.ferries.toArray()]);
    const next = ferries.sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))[0] ?? null;
    return { active: timers.find((t) => t.status === 'active') ?? null, next };
  }, [database]);

  useEffect(() => {
    pullTimers(database).catch((error: unknown) => console.warn('Arrival timer pull failed', error));
  }, [database]);

  const active = local?.active ?? null;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Arrival Timer</CardTitle>
        <CardDescription>Know when to leave for the terminal. Travel time 45 min plus your buffer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {active ? (
          <ActiveTimer timer={active} database={database} />
        ) : (
          <TimerForm database={database} ferryId={local?.next?.id ?? null} targetDeparture={local?.next?.departureTime ?? null} />
        )}
      </CardContent>
    </Card>
  );
}

function TimerForm({ database, ferryId, targetDeparture }: { database: DeckhandDB; ferryId: string | null; targetDeparture: string | null }) {
  const locationId = useId();
  const bufferId = useId();
  const [location, setLocation] = useState('');
  const [buffer, setBuffer] = useState(String(ARRIVAL_BUFFER_DEFAULT));
  const [saving, setSaving] = useState(false);
  const blank = location.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || saving) return;
    setSaving(true);
    try {
      await createTimer(
        database,
        { ferryId: ferryId ?? 'next-sailing', departureLocation: location, targetDeparture, bufferTime: normalizeBuffer(buffer) },
        useConnectivityStore.getState().online,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
      <label htmlFor={locationId} className="text-sm font-medium">
        Departure location
      </label>
      <input
        id={locationId}
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        placeholder="e.g. Burnaby"
        maxLength={200}
        className={fieldClass}
      />
      <label htmlFor={bufferId} className="text-sm font-medium">
        Buffer minutes
      </label>
      <input
        id={bufferId}
        type="number"
        min={ARRIVAL_BUFFER_MIN}
        max={ARRIVAL_BUFFER_MAX}
        value={buffer}
        onChange={(e) => setBuffer(e.target.value)}
        className={fieldClass}
      />
      <Button type="submit" disabled={blank || saving}>
        <AlarmClock aria-hidden="true" className="size-5" />
        Start Timer
      </Button>
    </form>
  );
}

const TONE_CLASS = {
  urgent: 'text-destructive',
  soon: 'text-warning-strong',
  normal: 'text-primary',
} as const;

function ActiveTimer({ timer, database }: { timer: ArrivalTimerRow; database: DeckhandDB }) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const display = leaveInDisplay(minutesUntilLeave(timer.alarmTime, now));
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    for (const alert of dueTimerAlerts(timer, now, ALERT_STALE_MS)) showAlert({ key: alert.key, title: alert.title, body: alert.body });
  }, [timer, now]);

  return (
    <div className="flex flex-col gap-2" data-testid="arrival-timer">
      <p className={cn('text-2xl font-bold', TONE_CLASS[display.tone])} data-tone={display.tone}>
        {display.text}
      </p>
      <StatGrid>
        <Stat label="Leave by">{formatClock(timer.alarmTime)}</Stat>
        <Stat label="Arrive by">{formatClock(timer.cutoffTime)}</Stat>
        <Stat label="From">{timer.departureLocation}</Stat>
        <Stat label="Buffer">{timer.bufferTime} min</Stat>
      </StatGrid>
      <p className="text-sm text-muted-foreground">
        We will alert you {ARRIVAL_EARLY_ALERT_MINUTES} minutes before it is time to leave, and again when it is time.
      </p>
      {timer.syncState === 'queued' ? <p className="text-xs text-muted-foreground">Saved on this device; it syncs when you are online.</p> : null}
      <Button
        variant="outline"
        disabled={cancelling}
        onClick={() => {
          setCancelling(true);
          cancelTimer(database, timer.id, useConnectivityStore.getState().online).finally(() => setCancelling(false));
        }}
      >
        Cancel Timer
      </Button>
    </div>
  );
}
