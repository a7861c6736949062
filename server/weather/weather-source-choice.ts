/**
 * Which weather source runs: `WEATHER_SOURCE` when set; otherwise `eccc` on real ferry data and
 * `none` under the simulator (a demo's simulated sailings get no real weather level beside them).
 * "Real data" is decided from the feed's configured sources, here and only here.
 */
import type { Config } from '../config';
import { parseFeedSourceList } from '../feed-source-names';

export function onRealFerryData(feedSource: string): boolean {
  return !parseFeedSourceList(feedSource).includes('simulator');
}

export function weatherSourceName(config: Pick<Config, 'WEATHER_SOURCE' | 'FEED_SOURCE'>): 'eccc' | 'none' {
  return config.WEATHER_SOURCE ?? (onRealFerryData(config.FEED_SOURCE) ? 'eccc' : 'none');
}
