/**
 * Returns riders whose 7-day trial or free month of Premium has run out to the tier they had (server/membership/tiers.ts
 * expireTrials), every TRIAL_EXPIRY_INTERVAL_MS. Stateless: any number of instances may run it; the
 * conditional UPDATE makes each trial end once.
 */
import { TRIAL_EXPIRY_INTERVAL_MS } from '@/domain/constants';

import type { Database } from '../db/client';
import { expireTrials } from '../membership/tiers';

export function startTrialExpiry(
  database: Database,
  onError: (error: unknown) => void,
  now: () => number = Date.now,
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    expireTrials(database, new Date(now()))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  run();
  const timer = setInterval(run, TRIAL_EXPIRY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
