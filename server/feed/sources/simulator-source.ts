/**
 * The `simulator` source: the built-in simulated world (../simulator.ts), the test world, and under
 * FEED_SOURCE=auto the stand-in while BC Ferries cannot be reached (`fallback`). Its sailings and
 * positions are pure functions of the clock, so it has nothing to poll; every figure carries source
 * `simulator` and is shown as "simulated".
 */
import { simulatedPositions, simulatedSailings } from '../simulated-sailings';
import type { FeedSource } from './feed-source';

export function createSimulatorSource(opts: { fallback?: boolean } = {}): FeedSource {
  return {
    name: 'simulator',
    ...(opts.fallback ? { fallback: true } : {}),
    sailings: simulatedSailings,
    vessels: simulatedPositions,
    // A function of the clock: always answers, changes every minute.
    status: (now) => ({ lastSuccessAt: now, lastChangeAt: Math.floor(now / 60_000) * 60_000 }),
    start: () => undefined,
    stop: () => undefined,
  };
}
