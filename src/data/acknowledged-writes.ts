/**
 * What follows each kind of queued write once the server has acknowledged it (src/sync/acknowledged.ts),
 * keyed by the local table the write mirrors. Kinds not listed need nothing beyond the local row the
 * flusher marks sent.
 *
 * ACKNOWLEDGED_WRITES runs wherever a flusher runs (the service worker installs it too): the profile
 * an answer carries is stored, and a guest's first write made their account. The page adds its own
 * (./sync-plan.ts): it pulls the complaints again after one was sent, and after the worker's pass.
 */
import { ANY_WRITE, type AcknowledgedWrites } from '@/sync/acknowledged';

import type { DeckhandDB } from './db';
import { guestAccountAcknowledged, profileAcknowledged } from './profile';

export const ACKNOWLEDGED_WRITES: AcknowledgedWrites<DeckhandDB> = {
  [ANY_WRITE]: guestAccountAcknowledged,
  settingsWrites: profileAcknowledged,
};
