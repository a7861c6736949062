/**
 * What a client may send the local realtime emulator, checked before firebase-server sees it.
 *
 * firebase-server reads `parsed.d.b.p` of any data frame and hands the path and data to the
 * firebase SDK, which throws outside any handler on a missing body, a non-string path, a path with
 * `.`, `#`, `$`, `[`, `]` or a control character, a merge whose data is not an object, or data
 * nested deep enough to overflow its recursive walks; each throw ended the emulator process. So
 * every frame is read here first, in the Realtime Database wire protocol (v5) a firebase client
 * speaks:
 * - `"0"` is a keep-alive; a bare number `n` announces a message split over the next `n` frames;
 * - a control message `{t: "c", d: {t, d}}` (ping, pong) needs nothing from the emulator;
 * - a data message `{t: "d", d: {r, a, b}}` is a request: `r` its number, `a` the action, `b` its
 *   body, whose shape depends on the action.
 * A message that fits goes on (re-serialised from what was checked, unknown fields dropped); one
 * firebase-server does not handle is dropped; anything else closes that socket.
 */
import { z } from 'zod';

/** Firebase's own limits on a path: 768 bytes, 32 levels. */
const MAX_PATH_BYTES = 768;
const MAX_PATH_DEPTH = 32;
/** Levels of nesting in written data (firebase's limit is 32). */
export const MAX_DATA_DEPTH = 32;
/** Frames one message may be split over (firebase clients split at 16,384 characters). */
const MAX_FRAMES_PER_MESSAGE = 64;

// Firebase's own character rules, control characters included.
// eslint-disable-next-line no-control-regex
const INVALID_PATH_CHARS = /[[\].#$\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const INVALID_KEY_CHARS = /[[\].#$/\u0000-\u001F\u007F]/;
/** Keys with a dot firebase gives a meaning: priority, a value beside a priority, a server value. */
const SPECIAL_KEYS = new Set(['.priority', '.value', '.sv']);

/** A database path as firebase accepts it; `/.priority` at the end names a node's priority. */
export function isValidPath(path: string): boolean {
  const bare = path.replace(/\/?\.priority$/, '');
  if (Buffer.byteLength(bare) > MAX_PATH_BYTES) return false;
  const segments = bare.split('/').filter((segment) => segment !== '');
  return segments.length <= MAX_PATH_DEPTH && !segments.some((segment) => INVALID_PATH_CHARS.test(segment));
}

function isValidKey(key: string): boolean {
  return (
    SPECIAL_KEYS.has(key) || (key !== '' && Buffer.byteLength(key) <= MAX_PATH_BYTES && !INVALID_KEY_CHARS.test(key))
  );
}

/**
 * Data firebase can store: null, booleans, finite numbers, strings, and arrays or objects of them
 * with valid keys, at most MAX_DATA_DEPTH levels deep. Walked with a stack, not recursion.
 */
export function isValidData(value: unknown): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return false;
      continue;
    }
    if (typeof current !== 'object' || depth >= MAX_DATA_DEPTH) return false;
    const entries = Array.isArray(current)
      ? current.map((item, i) => [String(i), item] as const)
      : Object.entries(current);
    for (const [key, child] of entries) {
      if (!isValidKey(key)) return false;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

/** A merge: an object of paths to data, no path inside another (firebase refuses overlaps). */
function isValidMerge(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const paths = Object.keys(value).map((path) => path.replace(/^\/+|\/+$/g, ''));
  if (paths.some((path) => path === '' || !isValidPath(path))) return false;
  const sorted = [...paths].sort();
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i] === sorted[i - 1] || sorted[i]!.startsWith(`${sorted[i - 1]}/`)) return false;
  }
  return Object.values(value).every(isValidData);
}

const path = z.string().refine(isValidPath);
const requestId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const data = z.unknown().refine((value) => value !== undefined && isValidData(value));

/** Requests firebase-server answers. */
const handledRequest = z.discriminatedUnion('a', [
  z.object({ r: requestId, a: z.enum(['q', 'l']), b: z.object({ p: path, h: z.string().max(64).optional() }) }),
  z.object({ r: requestId, a: z.literal('p'), b: z.object({ p: path, d: data, h: z.string().max(64).optional() }) }),
  z.object({
    r: requestId,
    a: z.literal('m'),
    b: z.object({ p: path, d: z.unknown().refine(isValidMerge) }),
  }),
  z.object({ r: requestId, a: z.enum(['auth', 'gauth']), b: z.object({ cred: z.string().max(8_192) }) }),
]);

/** Requests a firebase client sends that firebase-server ignores: unlisten, stats, disconnect writes, app check. */
const ignoredRequest = z.object({
  r: requestId,
  a: z.enum(['n', 's', 'o', 'om', 'oc', 'g', 'unauth', 'appcheck', 'unappcheck']),
  b: z.record(z.string(), z.unknown()),
});

const controlMessage = z.object({ t: z.literal('c'), d: z.object({ t: z.string().max(8), d: z.unknown() }) });

export type FrameVerdict =
  /** A whole, valid request for firebase-server, as text. */
  | { kind: 'forward'; text: string }
  /** Nothing to do yet (keep-alive, a frame count, part of a split message, an ignored request). */
  | { kind: 'none' }
  /** Not the protocol: close the socket. */
  | { kind: 'reject'; reason: string };

/** Reads one socket's frames in order; one reader per socket. */
export class ClientFrameReader {
  private expected = 0;
  private parts: string[] = [];
  private bytes = 0;

  constructor(private readonly maxMessageBytes: number) {}

  read(frame: string): FrameVerdict {
    if (this.expected > 0) {
      this.parts.push(frame);
      this.bytes += frame.length;
      if (this.bytes > this.maxMessageBytes) return { kind: 'reject', reason: 'message too large' };
      if (this.parts.length < this.expected) return { kind: 'none' };
      const whole = this.parts.join('');
      this.expected = 0;
      this.parts = [];
      this.bytes = 0;
      return this.message(whole);
    }
    if (/^\d{1,3}$/.test(frame)) {
      const count = Number(frame);
      if (count > MAX_FRAMES_PER_MESSAGE) return { kind: 'reject', reason: 'too many frames announced' };
      // 0 is a keep-alive, 1 a message in one frame that follows.
      if (count > 1) this.expected = count;
      return { kind: 'none' };
    }
    return this.message(frame);
  }

  private message(text: string): FrameVerdict {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { kind: 'reject', reason: 'not JSON' };
    }
    if (controlMessage.safeParse(parsed).success) return { kind: 'none' };
    const envelope = z.object({ t: z.literal('d'), d: z.unknown() }).safeParse(parsed);
    if (!envelope.success) return { kind: 'reject', reason: 'not a protocol message' };
    const handled = handledRequest.safeParse(envelope.data.d);
    if (handled.success) return { kind: 'forward', text: JSON.stringify({ t: 'd', d: handled.data }) };
    if (ignoredRequest.safeParse(envelope.data.d).success) return { kind: 'none' };
    return { kind: 'reject', reason: 'not a request the emulator accepts' };
  }
}
