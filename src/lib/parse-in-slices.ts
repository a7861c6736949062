/**
 * A long list checked against its schema a few milliseconds at a time (./time-slice.ts): a week of
 * sailings is ~600 rows, and checking them in one go is a long task on a slow phone. Each row is
 * checked by the list's row schema, in order, the browser getting the thread back between slices;
 * the result is what checking the whole list at once gives (rows as the schema reads them, or every
 * issue with its row's index first in its path). A list schema with checks of its own (a length), a
 * schema that is not a list, or a short list is checked in one go.
 */
import { safeParse, type core } from 'zod/mini';

import { eachInSlices } from './time-slice';

/** Lists shorter than this are checked in one go: slicing them would cost more than it saves. */
export const SLICED_FROM_ROWS = 50;

export type SlicedParse = { success: true; data: unknown } | { success: false; issues: readonly core.$ZodIssue[] };

export async function safeParseInSlices(schema: core.$ZodType, value: unknown): Promise<SlicedParse> {
  const def = schema._zod.def as { type: string; element?: core.$ZodType; checks?: readonly unknown[] };
  const element = def.element;
  if (
    def.type !== 'array' ||
    !element ||
    (def.checks?.length ?? 0) > 0 ||
    !Array.isArray(value) ||
    value.length < SLICED_FROM_ROWS
  ) {
    const result = safeParse(schema, value);
    return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
  }
  const rows: unknown[] = [];
  const issues: core.$ZodIssue[] = [];
  await eachInSlices(value.entries(), ([index, row]) => {
    const result = safeParse(element, row);
    if (result.success) rows.push(result.data);
    else issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })));
  });
  return issues.length === 0 ? { success: true, data: rows } : { success: false, issues };
}
