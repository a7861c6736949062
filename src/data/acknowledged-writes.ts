/**
 * What follows each kind of queued write once the server has acknowledged it (src/sync/acknowledged.ts),
 * keyed by the local table the write mirrors. Installed by the page's start-up (./sync-plan.ts) and the
 * service worker, so both flushers do the same. Kinds not listed need nothing beyond the local row
 * the flusher marks sent.
 */
import { ANY_WRITE, type AcknowledgedWrites } from '@/sync/acknowledged';
import { complaintsAcknowledged } from './complaints';
import { guestAccountAcknowledged, profileAcknowledged } from './profile';

export const ACKNOWLEDGED_WRITES: AcknowledgedWrites = {
  [ANY_WRITE]: guestAccountAcknowledged,
  settingsWrites: profileAcknowledged,
  complaints: complaintsAcknowledged,
};
