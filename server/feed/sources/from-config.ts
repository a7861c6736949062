/**
 * The sources FEED_SOURCE names, built from the configuration (docs/feed.md).
 */
import type { Config } from '../../config';
import { parseFeedSourceList } from '../../feed-source-names';
import { createAisSource } from './ais-source';
import { createBcFerriesSource, type FeedLog } from './bcferries-source';
import type { FeedSource } from './feed-source';
import { createSimulatorSource } from './simulator-source';

export function feedSourcesFromConfig(
  config: Pick<Config, 'FEED_SOURCE' | 'BCFERRIES_API_URL' | 'BCFERRIES_POLL_S' | 'AIS_STREAM_URL' | 'AIS_API_KEY'>,
  log: FeedLog,
): FeedSource[] {
  return parseFeedSourceList(config.FEED_SOURCE).map((name): FeedSource => {
    if (name === 'bcferries')
      return createBcFerriesSource({ baseUrl: config.BCFERRIES_API_URL, pollMs: config.BCFERRIES_POLL_S * 1000, log });
    if (name === 'ais') {
      if (!config.AIS_API_KEY)
        log.warn(
          'AIS_API_KEY is not set: the AIS stream will refuse the subscription unless it is a local test stream',
        );
      return createAisSource({ url: config.AIS_STREAM_URL, apiKey: config.AIS_API_KEY ?? '', log });
    }
    return createSimulatorSource();
  });
}
