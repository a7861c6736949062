/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one fails at the
 * database with an error instead of at validation with a 400. Every value a client sends (body,
 * path, query) is checked by this one rule before any route sees it (server/http/errors.ts).
 * The walk is iterative (an explicit stack, the path built only for the value found), so a deeply
 * nested value costs its size and never the call stack.
 */
import { z } from 'zod/mini';

interface Pending {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Pending | undefined;
}

function pathOf(entry: Pending, last?: PropertyKey): PropertyKey[] {
  const path: PropertyKey[] = last === undefined ? [] : [last];
  for (let at: Pending | undefined = entry; at && at.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** The path of the first string (or object key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown): PropertyKey[] | null {
  const stack: Pending[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (typeof entry.value === 'string') {
      if (entry.value.includes('\u0000')) return pathOf(entry);
      continue;
    }
    if (entry.value === null || typeof entry.value !== 'object') continue;
    const entries = Object.entries(entry.value);
    // Pushed in reverse so the first key is looked at first (the path named is the first in order).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      stack.push({ value: inner, key, parent: entry });
    }
    for (const [key] of entries) if (key.includes('\u0000')) return pathOf(entry, key);
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

/** The shared zod rule: any value whose strings are free of U+0000. */
export const nulFree = z.unknown().check(
  z.superRefine((value, ctx) => {
    const path = findNulCharacter(value);
    if (path)
      ctx.issues.push({ code: 'custom', message: NUL_MESSAGE, input: value, path: path as Array<string | number> });
  }),
);
