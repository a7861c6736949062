/**
 * Explore Safely card (rider-core §2, §4, §5): badge "Ready" (no active session) or "Active", "View"
 * while a session is active, the "Safe to Step Away" note, and up to 4 quick-away buttons named after
 * the cached amenities of the rider's terminal with their type icons (never another terminal's). A tap starts away mode (local row + outbox, so offline
 * too), asks for notification permission in the same tap (never on load) and, with the Peace of Mind
 * Alerts switch on, subscribes this device to push. The buttons are disabled while a session is
 * active or a start is being saved. The expanded variant adds "How It Works".
 *
 * `/app?away=open` (where an away alert's notification leads) opens the overlay; the parameter is
 * then dropped from the URL so a reload does not reopen it.
 */
import { useEffect, useId, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { readRiderTerminal } from '@/data/rider-terminal';
import { amenitiesAt } from '@/domain/amenities';
import { MAX_QUICK_AWAY_BUTTONS, type Amenity } from '@/domain/away';
import { readAlertsEnabled, requestNotificationPermission, subscribeToPush } from '@/sync/push-subscription';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { AmenityIcon } from './amenity-icon';
import { sessionFerryId, startAway } from './away-actions';
import { useAwayOverlayStore } from './away-overlay-store';
import { ExploreOverlay } from './explore-overlay';
import { useActiveAwaySession } from './use-away-session';

/** "Busy (rider report)": what riders said, marked as theirs. */
const riderReportText = (status: string) => `${status.charAt(0).toUpperCase()}${status.slice(1)} (rider report)`;

export const HOW_IT_WORKS = [
  'Pick where you are going: Deckhand starts counting down to when you must head back.',
  'The countdown is your estimated boarding time minus 5 minutes, so you are back in time.',
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
  const local = useLiveQuery(async () => {
    const [all, ferryId, rider] = await Promise.all([database.amenities.orderBy('order').toArray(), sessionFerryId(database), readRiderTerminal(database)]);
    // The rider's terminal's amenities only: never another terminal's (and its rider reports) in their place.
    return { amenities: amenitiesAt(all, rider.terminalId).slice(0, MAX_QUICK_AWAY_BUTTONS), hasFerry: ferryId !== null };
  }, [database]);
  const amenities = local?.amenities;
  const hasFerry = local?.hasFerry;
  const open = useAwayOverlayStore((state) => state.open);
  const setOpen = useAwayOverlayStore((state) => state.setOpen);
  const [starting, setStarting] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = Boolean(session);

  useEffect(() => {
    if (searchParams.get('away') !== 'open') return;
    setOpen(true);
    setSearchParams(
      (params) => {
        params.delete('away');
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
        const started = await startAway(database, amenity);
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
        <div className="rounded-md bg-secondary p-3 text-secondary-foreground">
          <p className="font-semibold">Safe to Step Away</p>
          <p className="text-sm">We will call you back before boarding. Pick where you are going:</p>
        </div>
        {amenities && amenities.length > 0 ? (
          <div className="grid grid-cols-2 gap-2">
            {amenities.map((amenity) => (
              <Button
                key={amenity.id}
                variant="outline"
                disabled={active || starting || !hasFerry}
                onClick={() => start(amenity)}
                className="h-auto min-w-0 justify-start py-2 text-left"
              >
                <AmenityIcon type={amenity.type} className="size-5 shrink-0" />
                {/* The button's base class keeps text on one line; the label wraps inside its border. */}
                <span className="min-w-0 whitespace-normal break-words">
                  {amenity.name}
                  {amenity.riderStatus ? <span className="block text-xs font-normal">{riderReportText(amenity.riderStatus)}</span> : null}
                </span>
              </Button>
            ))}
          </div>
        ) : (
          <CardDescription>Amenities appear here once Deckhand has loaded them.</CardDescription>
        )}
        {amenities && amenities.length > 0 && hasFerry === false ? (
          <CardDescription>Away mode needs ferry data: it starts once the next sailing has loaded.</CardDescription>
        ) : null}
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
      {open && session ? <ExploreOverlay database={database} session={session} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
