/**
 * Deterministic pseudo-randomness for the feed simulator. Every "random" figure is a hash of a fixed
 * seed and a key naming what it is for (a sailing, a minute, a vessel), so the simulated world is a
 * pure function of the clock: every server instance and every test sees the same ferries.
 */
const SEED = 0x5eed_dec4;

/** A number in [0, 1) fixed for the given key parts. */
export function hash01(...parts: ReadonlyArray<string | number>): number {
  const key = parts.join('|');
  let h = SEED ^ key.length;
  for (let i = 0; i < key.length; i += 1) {
    h = Math.imul(h ^ key.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  // murmur3 finaliser: spreads nearby keys (consecutive minutes) across the whole range.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

/** An integer in [min, max], fixed for the key. */
export function hashInt(min: number, max: number, ...parts: ReadonlyArray<string | number>): number {
  return min + Math.floor(hash01(...parts) * (max - min + 1));
}
