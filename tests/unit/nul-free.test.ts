import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { findNulCharacter, nulFree } from '@/domain/nul-free';
import { orderAllowance, RIDER_OPEN_ITEMS_MAX } from '@/domain/store';

describe('findNulCharacter', () => {
  it('finds U+0000 in nested strings and keys, with its path', () => {
    expect(findNulCharacter({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', 1, 'c'].map(String));
    expect(findNulCharacter({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findNulCharacter('\u0000')).toEqual([]);
  });

  it('passes values without it', () => {
    expect(findNulCharacter({ a: 'text', b: [1, null, true, 'é'] })).toBeNull();
    expect(z.safeParse(nulFree, { description: 'Ferry is late' }).success).toBe(true);
    expect(z.safeParse(nulFree, { description: 'late\u0000' }).success).toBe(false);
  });

  it('walks a value nested 100,000 deep without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = findNulCharacter({ description: deep });
    expect(path).toHaveLength(100_001);
    expect(path?.[0]).toBe('description');
  });
});

describe('orderAllowance', () => {
  it('is what is left of the per-rider cap, never negative', () => {
    expect(orderAllowance(0)).toBe(RIDER_OPEN_ITEMS_MAX);
    expect(orderAllowance(RIDER_OPEN_ITEMS_MAX - 3)).toBe(3);
    expect(orderAllowance(RIDER_OPEN_ITEMS_MAX + 5)).toBe(0);
  });
});
