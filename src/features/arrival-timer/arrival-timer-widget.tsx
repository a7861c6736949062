/**
 * Arrival timer widget (rider-core §2, §4, §5, §9): a form with the sailing (the rider's route's
 * sailings from the stored timetable, src/domain/rider-route.ts, the next one first), the departure location and buffer minutes (5-60, falling back to 15
 * when not a number; outside the range it says so), a preview of when to leave and when to arrive
 * (src/domain/arrival-timer.ts arrivalPlan), "Too late" with the first later sailing still in time
 * offered when the leave time has passed, and no drive time to a terminal across the water; then the
 * one active timer with its leave-in display and alert text; cancel deletes it. The alerts (15
 * minutes before leaving and at the time) fire from this local countdown through the shared in-app
 * alert path, with the same keys as the server's push, so they work offline and show once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { AlarmClock } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { pullTimers, queueTimer, queueTimerCancel, sendTimerWrite } from '@/data/arrival-timers';
import { db as defaultDatabase, type ArrivalTimerRow, type DeckhandDB } from '@/data/db';
import { useRiderRoute, type RiderRouteState } from '@/data/rider-route';
import { useSailingForecast } from '@/data/sailing-forecast';
import {
  ARRIVAL_BUFFER_DEFAULT,
  ARRIVAL_BUFFER_MAX,
  ARRIVAL_BUFFER_MIN,
  ARRIVAL_EARLY_ALERT_MINUTES,
  ARRIVAL_TRAVEL_MINUTES,
  arrivalPlan,
  BUFFER_RANGE_MESSAGE,
  bufferInRange,
  dueTimerAlerts,
  leaveInDisplay,
  minutesUntilLeave,
  nextSailingInTime,
  normalizeBuffer,
} from '@/domain/arrival-timer';
import { CHECKIN_CUTOFF_MINUTES, COUNTDOWN_TICK_MS } from '@/domain/constants';
import { ferryNeededText, needsFerryToReach } from '@/domain/departure-calculator';
import { routeSailingsAhead, takeableSailings, type RouteSailing } from '@/domain/rider-route';
import { arrivalAfterDrive } from '@/domain/sailing-chance';
import { formatClock } from '@/domain/time';
import { preloadAlertDisplay, showAlert } from '@/lib/alerts';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/ui/cn';
import { fieldClass } from '@/ui/field';
import { ForecastNote } from '@/ui/forecast-note';
import { SailingChances } from '@/ui/sailing-chances';
import { Stat, StatGrid } from '@/ui/stat-grid';
import { useNow } from '@/ui/use-now';
import { WeatherRiskNote } from '@/ui/weather-risk-note';

/** A leave alert this late is not shown any more (matches the server's alert source). */
const ALERT_STALE_MS = 30 * 60_000;

export function ArrivalTimerWidget({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  const local = useLiveQuery(async () => {
    const timers = await database.arrivalTimers.orderBy('createdAt').reverse().toArray();
    return { active: timers.find((t) => t.status === 'active') ?? null };
  }, [database]);
  const route = useRiderRoute(database);

  useEffect(() => {
    pullTimers(database).catch((error: unknown) => console.warn('Arrival timer pull failed', error));
  }, [database]);

  const active = local?.active ?? null;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Arrival Timer</CardTitle>
        <CardDescription>
          Know when to leave for your sailing: arrive by check-in ({CHECKIN_CUTOFF_MINUTES} min before departure);
          travel time {ARRIVAL_TRAVEL_MINUTES} min plus your buffer.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {active ? (
          <ActiveTimer timer={active} database={database} route={route ?? null} />
        ) : local && route ? (
          <TimerForm database={database} route={route} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The sailings the form offers: the route's next day of sailings (the timetable has up to 14 a day). */
const OFFERED_SAILINGS_MS = 24 * 60 * 60_000;

/** The route's sailings ahead that can be taken, soonest first. */
function routeTakeable(route: RiderRouteState, now: number): RouteSailing[] {
  return route.route
    ? takeableSailings(
        routeSailingsAhead({
          sailings: route.sailings,
          timetable: route.timetable,
          ferries: route.ferries,
          route: route.route,
          now,
        }),
      )
    : [];
}

/** "3:20 PM · Horseshoe Bay - Langdale" */
const sailingLabel = (sailing: RouteSailing) => `${formatClock(sailing.departureTime)} · ${sailing.route}`;

function TimerForm({ database, route }: { database: DeckhandDB; route: RiderRouteState }) {
  const sailingId = useId();
  const locationId = useId();
  const bufferId = useId();
  const bufferNoteId = useId();
  const now = useNow(COUNTDOWN_TICK_MS);
  const terminalId = route.terminal.terminalId;
  const takeable = routeTakeable(route, now);
  const sailings = takeable.filter(
    (s, index) => index === 0 || Date.parse(s.departureTime) - now <= OFFERED_SAILINGS_MS,
  );
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [location, setLocation] = useState('');
  const [buffer, setBuffer] = useState(String(ARRIVAL_BUFFER_DEFAULT));
  const [saving, setSaving] = useState(false);
  const sailing = sailings.find((f) => f.id === chosenId) ?? sailings[0] ?? null;
  const forecast = useSailingForecast(database, sailing?.id);
  const online = useConnectivityStore((state) => state.online);
  const bufferMinutes = normalizeBuffer(buffer);
  const bufferOk = bufferInRange(bufferMinutes);
  const plan = sailing && bufferOk ? arrivalPlan(sailing.departureTime, bufferMinutes, now) : null;
  const next = sailing && bufferOk ? nextSailingInTime(sailings, sailing, bufferMinutes, now) : null;
  const blank = location.trim() === '';
  const ferryNeeded = !blank && needsFerryToReach(location, terminalId);
  const canStart = Boolean(sailing && plan && !plan.tooLate && bufferOk && !blank && !ferryNeeded && !saving);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canStart || !sailing) return;
    setSaving(true);
    try {
      const row = await queueTimer(database, {
        ferryId: sailing.id,
        departureLocation: location,
        targetDeparture: sailing.departureTime,
        bufferTime: bufferMinutes,
      });
      await sendTimerWrite(database, row.id);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
      <label htmlFor={sailingId} className="text-sm font-medium">
        Sailing
      </label>
      {sailings.length > 0 && sailing ? (
        <select id={sailingId} value={sailing.id} onChange={(e) => setChosenId(e.target.value)} className={fieldClass}>
          {sailings.map((f) => (
            <option key={f.id} value={f.id}>
              {sailingLabel(f)}
            </option>
          ))}
        </select>
      ) : (
        <p id={sailingId} className="text-sm text-muted-foreground">
          No sailing on your route is stored yet.
        </p>
      )}
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
        aria-invalid={!bufferOk}
        aria-describedby={bufferOk ? undefined : bufferNoteId}
        onChange={(e) => setBuffer(e.target.value)}
        className={fieldClass}
      />
      {!bufferOk ? (
        <p id={bufferNoteId} role="alert" className="text-sm font-medium text-destructive">
          {BUFFER_RANGE_MESSAGE}
        </p>
      ) : null}
      {ferryNeeded ? (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="timer-ferry-needed">
          {ferryNeededText(location, terminalId)}
        </p>
      ) : sailing && plan && plan.tooLate ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border-l-4 border-destructive bg-destructive/10 p-2 text-sm"
          data-testid="timer-too-late"
        >
          <p className="font-medium">
            Too late for the {formatClock(sailing.departureTime)} sailing: you would have had to leave by{' '}
            {formatClock(plan.alarmTime)} to reach check-in by {formatClock(plan.cutoffTime)}.
          </p>
          {next ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setChosenId(next.id)}>
              Use the {formatClock(next.departureTime)} sailing
            </Button>
          ) : (
            <p>
              {sailings.some((f) => Date.parse(f.departureTime) > Date.parse(sailing.departureTime))
                ? 'The later sailings listed are too late as well.'
                : 'No later sailing on your route is stored yet.'}
            </p>
          )}
        </div>
      ) : sailing && plan ? (
        <>
          <p className="text-sm" data-testid="timer-preview">
            Leave by <strong>{formatClock(plan.alarmTime)}</strong> to arrive by{' '}
            <strong>{formatClock(plan.cutoffTime)}</strong>, check-in for the {formatClock(sailing.departureTime)}{' '}
            sailing.
          </p>
          <SailingChances
            database={database}
            sailings={takeable}
            arrival={arrivalAfterDrive(Math.max(now, Date.parse(plan.alarmTime)), ARRIVAL_TRAVEL_MINUTES)}
            now={now}
            online={online}
          />
        </>
      ) : null}
      <ForecastNote forecast={forecast} />
      <WeatherRiskNote database={database} sailingId={sailing?.id} now={now} />
      <Button type="submit" disabled={!canStart}>
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

function ActiveTimer({
  timer,
  database,
  route,
}: {
  timer: ArrivalTimerRow;
  database: DeckhandDB;
  route: RiderRouteState | null;
}) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const display = leaveInDisplay(minutesUntilLeave(timer.alarmTime, now));
  const online = useConnectivityStore((state) => state.online);
  const [cancelling, setCancelling] = useState(false);

  // The timer's alerts must show offline too, even before the service worker has stored the app.
  useEffect(() => preloadAlertDisplay(), []);
  useEffect(() => {
    for (const alert of dueTimerAlerts(timer, now, ALERT_STALE_MS))
      showAlert({ key: alert.key, title: alert.title, body: alert.body });
  }, [timer, now]);

  return (
    <div className="flex flex-col gap-2" data-testid="arrival-timer">
      <p className={cn('text-2xl font-bold', TONE_CLASS[display.tone])} data-tone={display.tone}>
        {display.text}
      </p>
      <StatGrid>
        <Stat label="Sailing">{timer.targetDeparture ? formatClock(timer.targetDeparture) : 'N/A'}</Stat>
        <Stat label="Leave by">{formatClock(timer.alarmTime)}</Stat>
        <Stat label="Arrive by">{formatClock(timer.cutoffTime)}</Stat>
        <Stat label="From">{timer.departureLocation}</Stat>
        <Stat label="Buffer">{timer.bufferTime} min</Stat>
      </StatGrid>
      {route ? (
        <SailingChances
          database={database}
          sailings={routeTakeable(route, now)}
          arrival={arrivalAfterDrive(Math.max(now, Date.parse(timer.alarmTime)), timer.travelTime)}
          now={now}
          online={online}
        />
      ) : null}
      <p className="text-sm text-muted-foreground">
        We will alert you {ARRIVAL_EARLY_ALERT_MINUTES} minutes before it is time to leave, and again when it is time.
      </p>
      {timer.syncState === 'queued' ? (
        <p className="text-xs text-muted-foreground">Saved on this device; it syncs when you are online.</p>
      ) : null}
      <Button
        variant="outline"
        disabled={cancelling}
        onClick={() => {
          setCancelling(true);
          queueTimerCancel(database, timer.id)
            .then(() => sendTimerWrite(database, timer.id))
            .finally(() => setCancelling(false));
        }}
      >
        Cancel Timer
      </Button>
    </div>
  );
}
