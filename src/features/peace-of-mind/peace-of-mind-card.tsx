/**
 * Peace of Mind Alerts card (rider-core §2 Widgets): the alerts switch (starts on, remembered on this
 * device; switching it on asks for notification permission in that tap and subscribes to push,
 * switching it off unsubscribes), "Your Position", a bar against 30 and the approximate cars ahead.
 * The figures follow src/domain/peace-of-mind.ts: the rider's real position from META.queuePosition
 * while it holds; before any is known (or once it has ended) an empty state that invites Find My
 * Position (a link to the Queue Position card, QUEUE_POSITION_ANCHOR), never the spec's example 23.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';

import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { requestNotificationPermission, setAlertsEnabled } from '@/data/push-subscription';
import { readQueuePosition } from '@/data/queue-position';
import { peaceOfMindFigures } from '@/domain/peace-of-mind';
import { currentPosition, QUEUE_BAR_SCALE, QUEUE_POSITION_ANCHOR } from '@/domain/queue-position';
import { toast } from '@/lib/toast';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Progress } from '@/ui/progress';
import { Switch } from '@/ui/switch';
import { useNow } from '@/ui/use-now';

export const NO_POSITION_TITLE = 'Your position is not known yet';
export const NO_POSITION_TEXT =
  'Once you are in a lane, find your position: your place in line and the cars ahead of you show here.';

export function PeaceOfMindCard({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const titleId = useId();
  const positionId = useId();
  const local = useLiveQuery(async () => {
    const [enabled, queue] = await Promise.all([database.meta.get(META.alertsEnabled), readQueuePosition(database)]);
    return { enabled: enabled?.value !== false, queue };
  }, [database]);
  // Re-checked every minute: a position ends with its sailing's departure, offline too.
  const now = useNow(60_000);
  const figures = local ? peaceOfMindFigures(currentPosition(local.queue, now)) : null;
  const enabled = local?.enabled ?? true;

  function toggle(next: boolean) {
    // Asked inside the tap, before any await, while the browser still counts it as a user gesture.
    const permission = next ? requestNotificationPermission() : undefined;
    void setAlertsEnabled(next, database, permission).then((outcome) => {
      if (outcome === 'denied') {
        toast('Notifications are blocked', {
          description:
            'Alerts still show while Deckhand is open. Allow notifications in your browser settings to get them when it is closed.',
        });
      }
    });
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={titleId}>Peace of Mind Alerts</CardTitle>
        <Switch checked={enabled} onCheckedChange={toggle} aria-label="Peace of Mind Alerts" disabled={!local} />
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <CardDescription>
          {enabled ? 'You will be alerted if movement is detected in your row.' : 'Alerts are off on this device.'}
        </CardDescription>
        {figures ? (
          <>
            <div className="flex items-baseline justify-between">
              <span id={positionId} className="font-medium">
                Your Position
              </span>
              <span className="text-3xl font-bold text-primary" data-testid="peace-position">
                #{figures.position}
              </span>
            </div>
            <Progress
              value={figures.barPercent}
              aria-labelledby={positionId}
              valueText={`Position ${figures.position} of ${QUEUE_BAR_SCALE}`}
            />
            <p className="text-sm" data-testid="peace-cars-ahead">
              Approximately {figures.carsAhead} {figures.carsAhead === 1 ? 'car' : 'cars'} ahead
            </p>
          </>
        ) : local ? (
          <div className="flex flex-col gap-2" data-testid="peace-no-position">
            <p className="font-medium">{NO_POSITION_TITLE}</p>
            <p className="text-sm text-muted-foreground">{NO_POSITION_TEXT}</p>
            <a href={`#${QUEUE_POSITION_ANCHOR}`} className={buttonVariants({ variant: 'outline' })}>
              Find My Position
            </a>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
