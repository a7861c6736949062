/**
 * Vitest's order of test files, with the five longest started first.
 *
 * Vitest starts the longest files first when its cache holds their last durations, and otherwise
 * (a fresh clone, as on CI) the largest files first. The longest files here are small ones: they
 * start real server processes and wait on their polls, restarts and kills. Started last, the longest
 * of them ran alone at the end of the run while the other worker had nothing left to do (on a 2-core
 * host under load, `chaos` finished 107 s after it started, the last file of the run). Started first,
 * their waits overlap the files that keep the CPU busy.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files on a 2-core host under load (28–121 s each), longest first. */
const LONG_FILES = [
  'tests/server/server-survives-upstream.test.ts',
  'tests/server/chaos.test.ts',
  'tests/server/feed-leadership.test.ts',
  'tests/server/trust.test.ts',
  'tests/server/emulator-isolation.test.ts',
];

// A file renamed or removed would silently lose its place at the front.
for (const file of LONG_FILES) {
  if (!fs.existsSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)))) {
    throw new Error(`tests/kit/long-files-first.ts lists ${file}, which does not exist`);
  }
}

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? LONG_FILES.length : index;
};

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
