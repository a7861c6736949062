/**
 * Vitest's order of test files, with the few that run for a minute or more started first.
 *
 * Vitest starts the longest files first when its cache holds their last durations, and otherwise
 * (a fresh clone, as on CI) the largest files first. The longest files here are short: they start
 * real server processes and wait on their polls, restarts and kills. Started last, the longest of
 * them ran alone at the end of the run while the other worker had nothing left to do (on a 2-core
 * host under load, `chaos` finished 107 s after it started, the last file of the run). Started first,
 * their waits overlap the files that keep the CPU busy.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that ran a minute or more on a 2-core host under load, longest first. */
const LONG_FILES = [
  'tests/server/server-survives-upstream.test.ts',
  'tests/server/chaos.test.ts',
  'tests/server/feed-leadership.test.ts',
  'tests/server/trust.test.ts',
  'tests/server/emulator-isolation.test.ts',
];

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
