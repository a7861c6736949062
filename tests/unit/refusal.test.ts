import { describe, expect, it } from 'vitest';

import { refusalMayPass } from '@/domain/refusal';

describe('whether a refused write may pass if sent again (docs/DESIGN.md "Data flow (client)": a final 4xx keeps Retry and Discard)', () => {
  it('offers Retry only for refusals that can change', () => {
    expect([400, 413, 415, 422].map(refusalMayPass)).toEqual([false, false, false, false]);
    expect([401, 403, 404, 409, undefined].map(refusalMayPass)).toEqual([true, true, true, true, true]);
  });

  it('keeps Retry for statuses outside the request-itself refusals, and for an unknown one', () => {
    expect([402, 408, 410, 412, 429].map(refusalMayPass)).toEqual([true, true, true, true, true]);
    expect(refusalMayPass(undefined)).toBe(true);
  });
});
