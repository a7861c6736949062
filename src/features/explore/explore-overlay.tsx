/**
 * The full-screen EXPLORE MODE overlay (rider-core §2, §4, §5): the countdown to the session's boarding
 * (its sailing's boarding start) minus the alert threshold in whole minutes (never below 0, recomputed every second from the local clock),
 * the next sailing time (the spec's "11:50 am" when none is known), the lanes' status ("Moving" once
 * boarding has started, else "Stopped", or "On its way" while the vessel is still crossing;
 * src/domain/away.ts), the risk level in its colour (high red ≤ 2 min or while the lanes move, medium
 * yellow ≤ 5, low green), "EXIT AWAY MODE" (disabled while the exit is
 * being saved) and the notice. Everything is read locally, so it keeps counting offline.
 *
 * It is a modal dialog: focus moves into it on open and returns on close; Esc or "Hide" closes it
 * and leaves the session running ("View" on the card reopens it).
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { acknowledgeAway, exitAway, type AwayPlan } from '@/data/away-sessions';
import type { AwaySessionRow, DeckhandDB } from '@/data/db';
import { AWAY_COUNTDOWN_TICK_MS, awayAlertAt, awayNextSailingText, awayStatus, type AwayRisk } from '@/domain/away';
import { AWAY_ALARM_REPEAT_MINUTES, awayAlarmRinging } from '@/domain/away-alarm';
import { sailingTimeText } from '@/domain/sailing-day';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Tooltip } from '@/ui/tooltip';
import { useNow } from '@/ui/use-now';

export const AWAY_NOTICE = 'You will be alerted if movement is detected in your row';

const RISK_STYLES: Record<AwayRisk, { label: string; className: string }> = {
  high: { label: 'High', className: 'bg-destructive text-destructive-foreground' },
  medium: { label: 'Medium', className: 'bg-warning text-warning-foreground' },
  low: { label: 'Low', className: 'bg-success text-success-foreground' },
};

interface ExploreOverlayProps {
  database: DeckhandDB;
  session: AwaySessionRow;
  /** The rider's sailing now (src/data/away-sessions.ts awayPlanOf): the one Next Ferry and the queue card show. */
  plan: AwayPlan | null;
  onClose: () => void;
}

export function ExploreOverlay({ database, session, plan, onClose }: ExploreOverlayProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const now = useNow(AWAY_COUNTDOWN_TICK_MS);
  const [exiting, setExiting] = useState(false);
  // The card's verdict comes from the same rule (src/domain/away.ts awayStatus).
  const { minutes, motion, risk: riskLevel } = awayStatus(session, plan?.lanes, now);
  const risk = RISK_STYLES[riskLevel];
  const alarm = {
    alertAt: awayAlertAt(session),
    repeatUntilAcknowledged: session.repeatUntilAcknowledged === true,
    acknowledgedAt: session.acknowledgedAt ? Date.parse(session.acknowledgedAt) : null,
    active: session.status === 'active',
  };
  const ringing = awayAlarmRinging(alarm, now);

  useEffect(() => {
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal makes the rest of the page inert; jsdom and old engines fall back to the attribute.
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    headingRef.current?.focus();
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  async function exit() {
    setExiting(true);
    try {
      await exitAway(database, session);
      onClose();
    } finally {
      setExiting(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 z-50 m-0 flex h-dvh max-h-none w-full max-w-none flex-col overflow-y-auto bg-primary p-0 text-primary-foreground"
    >
      <div className="mx-auto flex w-full max-w-[430px] flex-1 flex-col gap-5 p-5">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2
              id={titleId}
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-extrabold tracking-wide focus:outline-none"
            >
              EXPLORE MODE
            </h2>
            <p className="text-sm">At {session.currentLocation}</p>
          </div>
          <Tooltip label="Hide explore mode" align="end">
            <button
              type="button"
              onClick={onClose}
              aria-label="Hide explore mode"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-primary-hover focus-visible:outline-3 focus-visible:outline-white"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          </Tooltip>
        </div>

        <div className="rounded-lg bg-surface p-5 text-center text-foreground" data-testid="away-countdown">
          <p className="text-sm font-medium text-muted-foreground">Head back in</p>
          <p className="text-5xl font-extrabold tabular-nums" aria-live="off">
            {minutes}
            <span className="ml-1 text-2xl font-bold">min</span>
          </p>
        </div>

        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-lg bg-surface p-3 text-foreground">
            <dt className="text-xs font-medium text-muted-foreground">Next Sailing</dt>
            <dd className="font-bold">
              {awayNextSailingText(plan?.sailing.departureTime, (iso) => sailingTimeText(iso, now))}
            </dd>
          </div>
          <div className="rounded-lg bg-surface p-3 text-foreground">
            <dt className="text-xs font-medium text-muted-foreground">Status</dt>
            <dd className="font-bold" data-testid="away-motion">
              {plan ? motion : 'N/A'}
            </dd>
          </div>
          <div className={cn('rounded-lg p-3', risk.className)} data-testid="away-risk" data-risk={riskLevel}>
            <dt className="text-xs font-medium">Risk</dt>
            <dd className="font-bold">{risk.label}</dd>
          </div>
        </dl>

        {alarm.repeatUntilAcknowledged ? (
          <div className="flex flex-col gap-2 rounded-lg bg-surface p-3 text-foreground" data-testid="away-alarm">
            <p className="text-sm font-medium" role="status">
              {alarm.acknowledgedAt !== null
                ? 'Alarm acknowledged: the alert will not repeat.'
                : ringing
                  ? `Alarm ringing: the alert repeats every ${AWAY_ALARM_REPEAT_MINUTES} minutes until you acknowledge it.`
                  : `Alarm on: at the alert, it repeats every ${AWAY_ALARM_REPEAT_MINUTES} minutes until you acknowledge it.`}
            </p>
            {alarm.acknowledgedAt === null ? (
              <Button size="lg" onClick={() => void acknowledgeAway(database, session)}>
                I&apos;m heading back
              </Button>
            ) : null}
          </div>
        ) : null}

        <Button
          variant="destructive"
          size="lg"
          disabled={exiting}
          onClick={() => void exit()}
          className="border-2 border-white"
        >
          EXIT AWAY MODE
        </Button>
        <p className="rounded-md bg-primary-hover p-3 text-center text-sm">{AWAY_NOTICE}</p>
      </div>
    </dialog>
  );
}
