/**
 * Property-based fuzzing (fast-check) of the realtime emulator's frames, over real sockets to the
 * supervised child: protocol-shaped messages with every field wrong in turn (actions, request
 * numbers, bodies, paths with firebase's forbidden characters, data nested past its limit or with
 * forbidden keys), messages split over announced frame counts, and garbage. Whatever arrives, the
 * emulator process is the same one at the end (no crash, no restart) and still answers a listen.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import rules from '../../database.rules.json' with { type: 'json' };
import { startSupervisedEmulator, type SupervisedEmulator } from '../../server/realtime/emulator-supervisor';
import { LISTEN_FRAME, sendFrames } from './support/emulator-frames';

const RUNS = 300;

const segment = fc.oneof(
  fc.constantFrom(
    'queue_data',
    'queue_history',
    'user_positions',
    'horseshoe-bay',
    '.priority',
    '.sv',
    '__proto__',
    '',
  ),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('.', '#', '$', '[', ']', '\u0000', '\u007f', 'a.b', '%2E'),
);
const pathArb = fc.oneof(
  fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`),
  fc.array(segment, { maxLength: 40 }).map((parts) => parts.join('/')),
  fc.jsonValue(),
  fc.constant(undefined),
);

/**
 * Objects or arrays nested up to 5,000 deep around a value. The test's own JSON.stringify of a value
 * that deep can run out of stack (it recurses per level, under fast-check's generators), so the
 * message carries a placeholder that `encode` replaces with the nested text, built by repetition.
 */
const deepArb = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.boolean())
  .map(([depth, asObject]) => `@@deep:${depth}:${asObject ? 'object' : 'array'}@@`);
const DEEP_PLACEHOLDER = /"@@deep:(\d+):(object|array)@@"/g;

/** A message as the JSON text a client sends, deep values written out without recursion. */
function encode(message: unknown): string {
  return JSON.stringify(message).replace(DEEP_PLACEHOLDER, (_, depth: string, kind: string) => {
    const n = Number(depth);
    return kind === 'object' ? `${'{"k":'.repeat(n)}"x"${'}'.repeat(n)}` : `${'['.repeat(n)}"x"${']'.repeat(n)}`;
  });
}
const dataArb = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  deepArb,
  fc.dictionary(segment, fc.jsonValue({ maxDepth: 2 })),
  fc.constant({ '.sv': 'timestamp' }),
  fc.constant({ '.sv': { increment: 1 } }),
  fc.constant(undefined),
);
const bodyArb = fc.oneof(
  fc.record(
    {
      p: pathArb,
      d: dataArb,
      h: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
      cred: fc.oneof(fc.string(), fc.jsonValue()),
      q: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
);
const requestArb = fc.record(
  {
    r: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string({ maxLength: 4 }), fc.constant(null)),
    a: fc.oneof(
      fc.constantFrom('q', 'l', 'n', 'p', 'm', 'o', 'om', 'oc', 'g', 's', 'auth', 'gauth', 'unauth', 'appcheck'),
      fc.string({ maxLength: 3 }),
    ),
    b: bodyArb,
  },
  { requiredKeys: [] },
);
const messageArb = fc.oneof(
  fc
    .record(
      { t: fc.constant('d'), d: fc.oneof(requestArb, fc.jsonValue({ maxDepth: 1 }), fc.constant(undefined)) },
      { requiredKeys: [] },
    )
    .map(encode),
  fc
    .record({
      t: fc.constantFrom('c', 'd', 'x'),
      d: fc.record({ t: fc.constantFrom('p', 'o', 's', 'r'), d: fc.jsonValue({ maxDepth: 2 }) }),
    })
    .map((m) => JSON.stringify(m)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
/** One socket's frames: whole messages, or one split over an announced (possibly wrong) count. */
const framesArb = fc.oneof(
  fc.array(messageArb, { minLength: 1, maxLength: 4 }),
  fc
    .tuple(messageArb, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 70 }))
    .map(([message, parts, announced]) => {
      const size = Math.ceil(message.length / parts) || 1;
      const chunks = Array.from({ length: parts }, (_, i) => message.slice(i * size, (i + 1) * size));
      return [String(announced), ...chunks];
    }),
);

describe('realtime emulator frame fuzzing', () => {
  let emulator: SupervisedEmulator;

  beforeAll(async () => {
    emulator = await startSupervisedEmulator(
      { port: 0, host: '127.0.0.1', rules, maxFrameBytes: 256 * 1024, maxConnections: 500, connectsPerMinute: 100_000 },
      { info: () => undefined, warn: () => undefined },
    );
    await emulator.update({ 'queue_data/horseshoe-bay': { count: 2 } });
  });
  afterAll(() => emulator?.close());

  it(`${RUNS} sockets of generated frames leave the same emulator process serving`, async () => {
    const pid = emulator.pid();
    await fc.assert(
      fc.asyncProperty(framesArb, async (frames) => {
        await sendFrames(emulator.port, frames, 30);
        expect(emulator.pid()).toBe(pid);
      }),
      { numRuns: RUNS },
    );
    expect(emulator.restarts()).toBe(0);
    expect((await sendFrames(emulator.port, [LISTEN_FRAME])).replies.join('')).toContain('"count":2');
  }, 300_000);
});
