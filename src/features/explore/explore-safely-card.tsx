/**
 * Explore Safely card (rider-core §2, §4, §5): badge "Ready" (no active session) or "Active", "View"
 * while a session is active, the step-away verdict, and up to 4 quick-away buttons named after
 * the cached amenities of the rider's terminal with their type icons (never another terminal's). The
 * verdict ("Safe to Step Away", "Only a quick step away", "Stay with your vehicle") comes from the
 * overlay's own rule (src/domain/away.ts awayStatus) for the active session, or for the session a tap
 * would start now (timed by the rider's sailing's boarding start); with no sailing known it says away
 * mode cannot time the return and offers no amenity. A tap starts away mode (local row + outbox, so offline
 * too), asks for notification permission in the same tap (never on load) and, with the Peace of Mind
 * Alerts switch on, subscribes this device to push. The buttons are disabled while a session is
 * active or a start is being saved. The expanded variant adds "How It Works".
 *
 * `/app?away=open` (where an away alert's notification leads) opens the overlay (home loads this card
 * at once for that URL, wherever it sits); the parameter is then dropped from the URL so a reload
 * does not reopen it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { awayPlanOf, awayTarget, startAway, type AwayPlan } from '@/data/away-sessions';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { readAlertsEnabled, requestNotificationPermission, subscribeToPush } from '@/data/push-subscription';
import { useRiderRoute } from '@/data/rider-route';
import { readRiderTerminal } from '@/data/rider-terminal';
import { amenitiesAt } from '@/domain/amenities';
import {
  AWAY_COUNTDOWN_TICK_MS,
  AWAY_UNTIMED_TEXT,
  AWAY_UNTIMED_TITLE,
  awayStatus,
  MAX_QUICK_AWAY_BUTTONS,
  STEP_AWAY_VERDICT_TEXT,
  type Amenity,
  type AwayStatus,
} from '@/domain/away';
import { AWAY_ALARM_MAX_REPEATS, AWAY_ALARM_REPEAT_MINUTES } from '@/domain/away-alarm';
import { AWAY_ALERT_PARAM } from '@/domain/away-alert-text';
import { figureLabel } from '@/domain/figure-label';
import { sailingTimeInText } from '@/domain/sailing-day';
import { formatClock } from '@/domain/time';
import { toast } from '@/lib/toast';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Switch } from '@/ui/switch';
import { useNow } from '@/ui/use-now';

import { AmenityIcon } from './amenity-icon';
import { useAwayOverlayStore } from './away-overlay-store';
import { ExploreOverlay } from './explore-overlay';
import { useActiveAwaySession } from './use-away-session';

/** "Busy (rider report)": what riders said, marked as theirs. */
const riderReportText = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1)} (rider report)`;

export const HOW_IT_WORKS = [
  'Pick where you are going: Deckhand starts counting down to when you must head back.',
  'The countdown runs to 5 minutes before your sailing starts boarding, so you are back before the lanes move.',
  'You get an alert when it is time to return, or as soon as your lane starts moving, even with the app closed.',
  'Tap EXIT AWAY MODE once you are back in your vehicle.',
] as const;

interface ExploreSafelyCardProps {
  database?: DeckhandDB;
  expanded?: boolean;
}

export function ExploreSafelyCard({ database = defaultDatabase, expanded = false }: ExploreSafelyCardProps) {
  const titleId = useId();
  const session = useActiveAwaySession(database);
  const route = useRiderRoute(database);
  const local = useLiveQuery(async () => {
    const [all, rider] = await Promise.all([
      database.amenities.orderBy('order').toArray(),
      readRiderTerminal(database),
    ]);
    // The rider's terminal's amenities only: never another terminal's (and its rider reports) in their place.
    return { amenities: amenitiesAt(all, rider.terminalId).slice(0, MAX_QUICK_AWAY_BUTTONS) };
  }, [database]);
  const now = useNow(AWAY_COUNTDOWN_TICK_MS);
  // Shown with the rider's sailing read, so no tap lands on a button still waiting for it.
  const amenities = route ? local?.amenities : undefined;
  // The rider's sailing now: the one Next Ferry and the queue card show.
  const plan = route ? awayPlanOf(route, now) : undefined;
  // The overlay's rule, for the running session or for the one a tap would start now.
  const status = session
    ? awayStatus(session, plan?.lanes, now)
    : plan
      ? awayStatus(awayTarget(plan), plan.lanes, now)
      : null;
  const open = useAwayOverlayStore((state) => state.open);
  const setOpen = useAwayOverlayStore((state) => state.setOpen);
  const [starting, setStarting] = useState(false);
  const [alarm, setAlarm] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = Boolean(session);

  useEffect(() => {
    if (searchParams.get(AWAY_ALERT_PARAM.name) !== AWAY_ALERT_PARAM.value) return;
    setOpen(true);
    setSearchParams(
      (params) => {
        params.delete(AWAY_ALERT_PARAM.name);
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams, setOpen]);

  function start(amenity: Amenity) {
    // Asked inside the tap, before any await, while the browser still counts it as a user gesture.
    const permission = requestNotificationPermission();
    setStarting(true);
    void (async () => {
      try {
        const started = await startAway(database, amenity, Date.now(), { repeatUntilAcknowledged: alarm });
        if (!started) return;
        setOpen(true);
        if (await readAlertsEnabled(database)) {
          const outcome = await subscribeToPush(database, permission);
          if (outcome === 'denied') {
            toast('Notifications are blocked', {
              description: 'Keep Deckhand open to get your alert, or allow notifications in your browser settings.',
            });
          }
        }
      } catch (error) {
        console.warn('Away mode could not start', error);
        toast.error('Away mode could not start', { description: 'Please try again.' });
      } finally {
        setStarting(false);
      }
    })();
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={titleId}>Explore Safely</CardTitle>
        <div className="flex items-center gap-2">
          <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Active' : 'Ready'}</Badge>
          {active ? (
            <Button size="sm" onClick={() => setOpen(true)}>
              View
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {local && route ? <StepAwayVerdict status={status} plan={plan ?? null} active={active} now={now} /> : null}
        {amenities && amenities.length > 0 ? (
          <div className="grid grid-cols-2 gap-2">
            {amenities.map((amenity) => (
              <Button
                key={amenity.id}
                variant="outline"
                disabled={active || starting || !plan}
                onClick={() => start(amenity)}
                className="h-auto min-w-0 justify-start py-2 text-left"
              >
                <AmenityIcon type={amenity.type} className="size-5 shrink-0" />
                {/* The button's base class keeps text on one line; the label wraps inside its border. */}
                <span className="min-w-0 whitespace-normal break-words">
                  {amenity.name}
                  {amenity.riderStatus ? (
                    <span className="block text-xs font-normal">{riderReportText(amenity.riderStatus)}</span>
                  ) : null}
                </span>
              </Button>
            ))}
          </div>
        ) : (
          <CardDescription>Amenities appear here once Deckhand has loaded them.</CardDescription>
        )}
        {active ? null : (
          <div className="flex flex-col">
            <Switch label="Repeat the alert until I acknowledge it" checked={alarm} onCheckedChange={setAlarm} />
            <p className="text-sm text-muted-foreground">
              Alarm-style: the &quot;Time to head back&quot; alert sounds again every {AWAY_ALARM_REPEAT_MINUTES}{' '}
              minutes until you tap &quot;I&apos;m heading back&quot;, at most {AWAY_ALARM_MAX_REPEATS} times.
            </p>
          </div>
        )}
        {expanded ? (
          <section aria-labelledby={`${titleId}-how`} className="flex flex-col gap-2">
            <h3 id={`${titleId}-how`} className="font-semibold">
              How It Works
            </h3>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {HOW_IT_WORKS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ) : null}
      </CardContent>
      {open && session ? (
        <ExploreOverlay database={database} session={session} plan={plan ?? null} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}

const VERDICT_STYLES: Record<AwayStatus['verdict'], string> = {
  safe: 'bg-secondary text-secondary-foreground',
  brief: 'bg-warning text-warning-foreground',
  stay: 'bg-destructive text-destructive-foreground',
};

/** The verdict and why, in the rider's sailing's times; or that the return cannot be timed. */
function StepAwayVerdict({
  status,
  plan,
  active,
  now,
}: {
  status: AwayStatus | null;
  plan: AwayPlan | null;
  active: boolean;
  now: number;
}) {
  if (!status) {
    return (
      <div
        className="rounded-md bg-secondary p-3 text-secondary-foreground"
        data-testid="step-away-verdict"
        data-verdict="untimed"
      >
        <p className="font-semibold">{AWAY_UNTIMED_TITLE}</p>
        <p className="text-sm">{AWAY_UNTIMED_TEXT}</p>
      </div>
    );
  }
  const sailing =
    plan && !active ? `your ${sailingTimeInText(plan.sailing.departureTime, now)} sailing` : 'your sailing';
  const boards =
    plan && !active
      ? ` (boarding starts ${formatClock(new Date(plan.sailing.boardingStart).toISOString())}, ${figureLabel(plan.sailing.boardingStartProvenance, now)})`
      : '';
  const why =
    status.motion === 'Moving'
      ? `${sailing.charAt(0).toUpperCase()}${sailing.slice(1)} is boarding: the lanes are moving.`
      : status.verdict === 'stay'
        ? `Head back now: ${sailing} starts boarding soon${boards}.`
        : `Head back in ${status.minutes} min, before ${sailing} starts boarding${boards}.`;
  const pick = active
    ? ''
    : status.verdict === 'safe'
      ? ' We will call you back. Pick where you are going:'
      : status.verdict === 'brief'
        ? ' Only somewhere close:'
        : '';
  return (
    <div
      className={`rounded-md p-3 ${VERDICT_STYLES[status.verdict]}`}
      data-testid="step-away-verdict"
      data-verdict={status.verdict}
    >
      <p className="font-semibold">{STEP_AWAY_VERDICT_TEXT[status.verdict]}</p>
      <p className="text-sm">
        {why}
        {pick}
      </p>
    </div>
  );
}
