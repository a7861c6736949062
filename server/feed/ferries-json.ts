/**
 * The ferry list as JSON, serialised and validated once per list. The feed hands out the same
 * (frozen) array until something changes, so /api/ferries and /ws reuse one string per change
 * instead of stringifying on every request or for every socket.
 */
import { ferryListSchema, type Ferry } from '@/domain/ferry';

const cache = new WeakMap<readonly Ferry[], string>();

/** JSON of `ferries`; throws if the list does not match the spec's Ferry shape (a server bug). */
export function ferriesJson(ferries: readonly Ferry[]): string {
  let json = cache.get(ferries);
  if (json === undefined) {
    json = JSON.stringify(ferryListSchema.parse(ferries));
    cache.set(ferries, json);
  }
  return json;
}
