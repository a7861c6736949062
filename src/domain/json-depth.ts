/**
 * How deeply a JSON text nests, measured without parsing it: one pass over the characters, no
 * recursion, so a hostile body nested thousands deep costs O(length) and never a deep stack. The
 * server refuses a body deeper than MAX_JSON_DEPTH before it is parsed (server/http/body-parsing.ts),
 * so every later walk over a client's value (the NUL rule, the idempotency hash, zod) meets a shallow
 * value. DESIGN.md convention 4: bad input is a 400, never a 5xx.
 */

/** Deepest nesting of arrays and objects a client body may have; the app's own bodies stay under 6. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays/objects inside each other (strings skipped). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}
