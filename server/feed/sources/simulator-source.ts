/**
 * The `simulator` source: the built-in simulated world (../simulator.ts), the zero-set-up default and
 * the test world. Its sailings and positions are pure functions of the clock, so it has nothing to
 * poll; every figure carries source `simulator` and is shown as "simulated".
 */
import { simulatedPositions, simulatedSailings } from '../simulated-sailings';
import type { FeedSource } from './feed-source';

export function createSimulatorSource(): FeedSource {
  return {
    name: 'simulator',
    sailings: simulatedSailings,
    vessels: simulatedPositions,
    start: () => undefined,
    stop: () => undefined,
  };
}
