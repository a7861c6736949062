/**
 * What the queue widget offers when GPS gave no fix: it says so (no stand-in coordinates are sent,
 * stored or shared), and offers what works without GPS: picking the terminal, so every card shows
 * its sailings, and counting the cars in the lane with a photo for the community.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';

import type { DeckhandDB } from '@/data/db';
import { chooseTerminal, useRiderTerminal } from '@/data/rider-terminal';
import { PICKABLE_TERMINAL_IDS } from '@/domain/rider-terminal';
import { buttonVariants } from '@/ui/button';
import { TerminalSelect } from '@/ui/terminal-select';

import type { GpsFailure } from './locate-rider';

export const GPS_OFF_TITLE = 'GPS is off';
export const GPS_OFF_TEXT: Record<GpsFailure, string> = {
  denied: 'Deckhand may not read your location, so it cannot find your place in the lane. Nothing was saved or shared.',
  unavailable:
    'Your phone gave no location in time, so Deckhand cannot find your place in the lane. Nothing was saved or shared.',
};
export const PHOTO_COUNT_LINK = 'Count the cars with a photo';

export function GpsOffHelp({ database, failure }: { database: DeckhandDB; failure: GpsFailure }) {
  const selectId = useId();
  const terminal = useRiderTerminal(database);
  return (
    <div className="flex flex-col gap-3 rounded-md border border-warning bg-surface p-3" data-testid="gps-off">
      <div role="alert">
        <p className="font-semibold">{failure === 'denied' ? GPS_OFF_TITLE : 'No GPS fix'}</p>
        <p className="text-sm">{GPS_OFF_TEXT[failure]}</p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Terminal you are at
        </label>
        <TerminalSelect
          id={selectId}
          value={terminal?.terminalId ?? PICKABLE_TERMINAL_IDS[0]}
          disabled={!terminal}
          onPick={(terminalId) => void chooseTerminal(database, terminalId)}
        />
        <p className="text-xs text-muted-foreground">Your terminal's sailings show on every card.</p>
      </div>
      <Link to="/app/contributions" className={buttonVariants({ variant: 'outline' })}>
        {PHOTO_COUNT_LINK}
      </Link>
    </div>
  );
}
