/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one fails at the
 * database with an error instead of at validation with a 400. Every value a client sends (body,
 * path, query) is checked by this one rule before any route sees it (server/http/errors.ts).
 */
import { z } from 'zod/mini';

/** The path of the first string (or object key) holding U+0000, or null when there is none. */
export function findNulCharacter(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulCharacter(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)';

/** The shared zod rule: any value whose strings are free of U+0000. */
export const nulFree = z.unknown().check(
  z.superRefine((value, ctx) => {
    const path = findNulCharacter(value);
    if (path) ctx.issues.push({ code: 'custom', message: NUL_MESSAGE, input: value, path: path as Array<string | number> });
  }),
);
