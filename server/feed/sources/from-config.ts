/**
 * The sources FEED_SOURCE names, built from the configuration (docs/feed.md). `auto` (the default)
 * is BC Ferries, AIS when AIS_API_KEY is set, and the simulator as a fallback that serves only while
 * BC Ferries has never answered (./feed-source.ts): a fresh `npm start` with a network shows the
 * real day, and without one a simulated day that says why, until BC Ferries answers.
 */
import type { Config } from '../../config';
import { FEED_SOURCE_AUTO, parseFeedSourceList } from '../../feed-source-names';
import { createAisSource } from './ais-source';
import { createBcFerriesSource, type FeedLog } from './bcferries-source';
import type { FeedSource, FeedSourceName } from './feed-source';
import { createSimulatorSource } from './simulator-source';

type SourceConfig = Pick<
  Config,
  'FEED_SOURCE' | 'BCFERRIES_API_URL' | 'BCFERRIES_POLL_S' | 'AIS_STREAM_URL' | 'AIS_API_KEY'
>;

/** `now`: the sources' clock (tests pin it); default Date.now. */
export function feedSourcesFromConfig(config: SourceConfig, log: FeedLog, now?: () => number): FeedSource[] {
  const parsed = parseFeedSourceList(config.FEED_SOURCE);
  if (parsed === FEED_SOURCE_AUTO) {
    const names: FeedSourceName[] = config.AIS_API_KEY ? ['bcferries', 'ais'] : ['bcferries'];
    log.info(
      `FEED_SOURCE=auto: ${names.join(' and ')}${config.AIS_API_KEY ? '' : ' (no AIS_API_KEY, so no vessel positions)'}; the simulator stands in only while BC Ferries cannot be reached`,
    );
    return [...names.map((name) => sourceFor(name, config, log, now)), createSimulatorSource({ fallback: true })];
  }
  return parsed.map((name) => sourceFor(name, config, log, now));
}

function sourceFor(name: FeedSourceName, config: SourceConfig, log: FeedLog, now?: () => number): FeedSource {
  const clock = now ? { now } : {};
  if (name === 'bcferries')
    return createBcFerriesSource({
      baseUrl: config.BCFERRIES_API_URL,
      pollMs: config.BCFERRIES_POLL_S * 1000,
      log,
      ...clock,
    });
  if (name === 'ais') {
    if (!config.AIS_API_KEY)
      log.warn('AIS_API_KEY is not set: the AIS stream will refuse the subscription unless it is a local test stream');
    return createAisSource({ url: config.AIS_STREAM_URL, apiKey: config.AIS_API_KEY ?? '', log, ...clock });
  }
  return createSimulatorSource();
}
