/**
 * The feed sources `FEED_SOURCE` may name, and how the setting is read: shared by the configuration
 * (./config.ts checks it at start) and the feed (./feed/sources/from-config.ts builds the sources).
 */
export const FEED_SOURCE_NAMES = ['simulator', 'bcferries', 'ais'] as const;
export type FeedSourceName = (typeof FEED_SOURCE_NAMES)[number];
/** FEED_SOURCE's default: real data when it can be had (./feed/sources/from-config.ts). */
export const FEED_SOURCE_AUTO = 'auto';

/** Parses `FEED_SOURCE` ("bcferries,ais", or "auto" alone): known names, no repeats, at least one. */
export function parseFeedSourceList(value: string): FeedSourceName[] | typeof FEED_SOURCE_AUTO {
  if (value.trim().toLowerCase() === FEED_SOURCE_AUTO) return FEED_SOURCE_AUTO;
  const names = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const unknown = names.filter((n) => !(FEED_SOURCE_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(
      `FEED_SOURCE names unknown source(s): ${unknown.join(', ')} (known: ${FEED_SOURCE_AUTO} alone, or ${FEED_SOURCE_NAMES.join(', ')})`,
    );
  const unique = [...new Set(names)] as FeedSourceName[];
  if (unique.length === 0) throw new Error('FEED_SOURCE names no source');
  return unique;
}
