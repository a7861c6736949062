/**
 * Departure calculator (rider-core §2, §5, §9): choose one of the next 6 sailings of the rider's
 * route (src/domain/rider-route.ts, the same sailings every card uses) and type a location; it shows
 * the travel estimate, when to leave, the check-in cutoff, the chance of making the sailing (with a
 * warning below 70 %; "check-in has closed" instead once it has), the car deck's fill with its
 * source and age, and advice by time to departure — or, for a terminal across the water from the
 * place typed, that a ferry is needed, and for a place it has no drive time from, which places it
 * knows. Works offline: it reads the stored sailings in Dexie and computes on the device (src/domain).
 */
import { useId, useState, type FormEvent } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useRiderRoute } from '@/data/rider-route';
import { useRouteForecasts, useSailingForecast } from '@/data/sailing-forecast';
import { carDeckOf, carDeckText } from '@/domain/capacity';
import { CHECKIN_CUTOFF_MINUTES, CLOCK_REFRESH_MS } from '@/domain/constants';
import {
  ferryNeededText,
  knowsTravelFrom,
  planDeparture,
  selectableDepartures,
  unknownPlaceText,
  type DeparturePlan,
  type LoadColour,
  type RandomSource,
} from '@/domain/departure-calculator';
import {
  localDayKey,
  NEXT_SAILINGS,
  planningDayLabel,
  planningDays,
  projectedRouteSailings,
  sailingsOnDay,
  type PlannedSailing,
} from '@/domain/planning-days';
import { routeSailingsAhead, takeableSailings } from '@/domain/rider-route';
import { cancellationText } from '@/domain/sailing-cancellation';
import { arrivalAfterDrive } from '@/domain/sailing-chance';
import { formatClock } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/ui/cn';
import { fieldClass } from '@/ui/field';
import { FigureSource } from '@/ui/figure-source';
import { ForecastNote } from '@/ui/forecast-note';
import { SailingChances } from '@/ui/sailing-chances';
import { Stat, StatGrid } from '@/ui/stat-grid';
import { useNow } from '@/ui/use-now';
import { WeatherRiskNote } from '@/ui/weather-risk-note';

interface DepartureCalculatorProps {
  database?: DeckhandDB;
  /** Source of the traffic factor; tests pass a fixed one. */
  random?: RandomSource;
}

/** The placeholder option's value (rider-core §5: no option carries an empty-string value). */
const CHOOSE = 'choose';
const LOAD_BADGE: Record<LoadColour, BadgeVariant> = { green: 'success', yellow: 'warning', red: 'destructive' };
const ADVICE_CLASS: Record<DeparturePlan['advice']['level'], string> = {
  urgent: 'border-destructive bg-destructive/10',
  warning: 'border-warning-strong bg-warning/20',
  info: 'border-primary bg-secondary',
};

export function DepartureCalculator({ database = defaultDatabase, random = Math.random }: DepartureCalculatorProps) {
  const titleId = useId();
  const departureId = useId();
  const dayId = useId();
  const locationId = useId();
  const route = useRiderRoute(database);
  // The rider's pick, with its time: until the timetable is on the device the route's ferries stand in
  // for it, and once the sailings arrive the same departure is kept under its sailing's id.
  const [choice, setChoice] = useState<{ id: string; departureTime?: string }>({ id: CHOOSE });
  const [day, setDay] = useState(NEXT_SAILINGS);
  const [location, setLocation] = useState('');
  const [plan, setPlan] = useState<{ plan: DeparturePlan; sailing: PlannedSailing; refusal: string | null } | null>(
    null,
  );
  const now = useNow(CLOCK_REFRESH_MS);
  const ahead = route?.route
    ? routeSailingsAhead({
        sailings: route.sailings,
        timetable: route.timetable,
        ferries: route.ferries,
        route: route.route,
        now,
      })
    : [];
  const routeForecasts = useRouteForecasts(database, route?.route?.routeId, route?.route?.terminalId);
  const listed = takeableSailings(ahead);
  // Later days a source does not list yet, projected by the server from the recorded timetable.
  const offered: PlannedSailing[] = route?.route
    ? [...listed, ...projectedRouteSailings(routeForecasts, route.route, listed)]
    : listed;
  const days = planningDays(offered, now);
  const departures =
    day === NEXT_SAILINGS || !days.includes(day)
      ? selectableDepartures(offered, now)
      : sailingsOnDay(offered, day, now);
  // Cancelled sailings among the departures offered: listed, not choosable, with their reason.
  const cancelled = ahead.filter((s) => s.status === 'cancelled');
  const lastOffered = departures.at(-1);
  const cancelledShown = (
    day === NEXT_SAILINGS || !days.includes(day)
      ? selectableDepartures(cancelled, now)
      : sailingsOnDay(cancelled, day, now)
  ).filter((c) => lastOffered !== undefined && Date.parse(c.departureTime) < Date.parse(lastOffered.departureTime));
  const options = [
    ...departures.map((f) => ({ sailing: f, cancelled: false })),
    ...cancelledShown.map((c) => ({ sailing: c, cancelled: true })),
  ].sort((a, b) => Date.parse(a.sailing.departureTime) - Date.parse(b.sailing.departureTime));
  const chosen =
    departures.find((f) => f.id === choice.id) ??
    (choice.departureTime === undefined
      ? undefined
      : departures.find((f) => Date.parse(f.departureTime) === Date.parse(choice.departureTime!)));
  const ready = Boolean(chosen) && location.trim() !== '';

  function calculate(event: FormEvent) {
    event.preventDefault();
    if (!chosen || location.trim() === '') return;
    const planned = planDeparture(chosen, location, now, random);
    const refusal = planned.ferryNeeded
      ? ferryNeededText(location, chosen.terminalId)
      : knowsTravelFrom(location)
        ? null
        : unknownPlaceText(location);
    setPlan({ plan: planned, sailing: chosen, refusal });
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Departure Calculator</CardTitle>
        <CardDescription>
          When to leave home to make your sailing (estimated; traffic varies).
          {route?.route ? ` Sailings of your route: ${route.route.name}.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form className="flex flex-col gap-2" onSubmit={calculate}>
          {days.length > 1 ? (
            <>
              <label htmlFor={dayId} className="text-sm font-medium">
                Day
              </label>
              <select
                id={dayId}
                value={days.includes(day) ? day : NEXT_SAILINGS}
                onChange={(e) => {
                  setDay(e.target.value);
                  setChoice({ id: CHOOSE });
                }}
                className={fieldClass}
              >
                {days.map((d) => (
                  <option key={d} value={d}>
                    {planningDayLabel(d, now)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label htmlFor={departureId} className="text-sm font-medium">
            Ferry departure
          </label>
          <select
            id={departureId}
            value={chosen?.id ?? CHOOSE}
            onChange={(e) =>
              setChoice({
                id: e.target.value,
                departureTime: departures.find((f) => f.id === e.target.value)?.departureTime,
              })
            }
            className={fieldClass}
          >
            <option value={CHOOSE} disabled>
              Choose a departure
            </option>
            {options.map(({ sailing: f, cancelled: isCancelled }) =>
              isCancelled ? (
                <option key={f.id} value={f.id} disabled>
                  {formatClock(f.departureTime)} · {cancellationText(f)}
                </option>
              ) : (
                <option key={f.id} value={f.id}>
                  {formatClock(f.departureTime)} · {f.route}
                </option>
              ),
            )}
          </select>
          <label htmlFor={locationId} className="text-sm font-medium">
            Your location
          </label>
          <input
            id={locationId}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            placeholder="e.g. North Vancouver"
            className={fieldClass}
          />
          <Button type="submit" disabled={!ready}>
            Calculate
          </Button>
        </form>
        {departures.length === 0 ? (
          <p className="text-sm text-muted-foreground">No upcoming departures of your route stored yet.</p>
        ) : null}
        {plan?.refusal ? (
          <p
            role="alert"
            className="rounded-md border-l-4 border-warning-strong bg-warning/20 p-2 text-sm font-medium"
            data-testid={plan.plan.ferryNeeded ? 'departure-ferry-needed' : 'departure-unknown-place'}
          >
            {plan.refusal}
          </p>
        ) : plan ? (
          <PlanView database={database} plan={plan.plan} sailing={plan.sailing} offered={offered} now={now} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function PlanView({
  database,
  plan,
  sailing,
  offered,
  now,
}: {
  database: DeckhandDB;
  plan: DeparturePlan;
  sailing: PlannedSailing;
  /** Every sailing the calculator offers (listed and projected), for the chance of each. */
  offered: readonly PlannedSailing[];
  now: number;
}) {
  const forecast = useSailingForecast(database, sailing.id);
  const online = useConnectivityStore((state) => state.online);
  // Leaving at the recommended time (or now, once it has passed), with the drive's spread.
  const arrival = arrivalAfterDrive(Math.max(now, plan.recommendedLeaveTime), plan.travelMinutes);
  const ahead = offered
    .filter((s) => s.status !== 'cancelled' && Date.parse(s.departureTime) > now)
    .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime));
  return (
    <div className="flex flex-col gap-2" data-testid="departure-plan">
      <p className="text-sm font-medium">
        {sailing.route}, {formatClock(sailing.departureTime)}
        {localDayKey(Date.parse(sailing.departureTime)) === localDayKey(now)
          ? null
          : `, ${planningDayLabel(localDayKey(Date.parse(sailing.departureTime)), now)}`}
      </p>
      <StatGrid>
        <Stat label="Travel estimate">{plan.travelMinutes} min</Stat>
        <Stat label="Recommended leave">{formatClock(plan.recommendedLeaveTime)}</Stat>
        <Stat label="Check-in cutoff">{formatClock(plan.cutoffTime)}</Stat>
        <Stat label="Chance of making it">{plan.checkInClosed ? 'Check-in has closed' : `${plan.probability}%`}</Stat>
      </StatGrid>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Vehicle deck{' '}
        {plan.loadPercent === null || plan.loadColour === null ? (
          carDeckText(carDeckOf({ routeId: sailing.routeId })).toLowerCase()
        ) : (
          <Badge variant={LOAD_BADGE[plan.loadColour]}>{plan.loadPercent}% full</Badge>
        )}
        {sailing.timetableRecordedOn ? null : <FigureSource provenance={sailing.provenance} now={now} />}
      </p>
      <ForecastNote forecast={forecast} />
      {plan.ferryNeeded ? null : (
        <SailingChances database={database} sailings={ahead} arrival={arrival} now={now} online={online} />
      )}
      <WeatherRiskNote database={database} sailingId={sailing.id} now={now} />
      {plan.checkInClosed ? (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="departure-checkin-closed">
          Check-in for this sailing has closed ({CHECKIN_CUTOFF_MINUTES} min before departure): choose a later sailing.
        </p>
      ) : plan.probabilityWarning ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          Warning: you may not make this sailing. Leave now or choose a later one.
        </p>
      ) : null}
      <p
        className={cn('rounded-md border-l-4 p-2 text-sm', ADVICE_CLASS[plan.advice.level])}
        data-advice={plan.advice.level}
      >
        {plan.advice.text}
      </p>
    </div>
  );
}
