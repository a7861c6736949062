import { describe, expect, it } from 'vitest';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '@/domain/json-depth';

describe('jsonNestsDeeperThan', () => {
  it('counts nested arrays and objects', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('1', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan('{"a":"[[[[{{{{\\\\"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
  });

  it('finds a body nested 4,500 deep, and lets the same width through flat', () => {
    const deep = `{"description":${'['.repeat(4500)}${']'.repeat(4500)}}`;
    expect(jsonNestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
    const wide = `{"description":[${Array.from({ length: 4500 }, () => '[]').join(',')}]}`;
    expect(jsonNestsDeeperThan(wide, MAX_JSON_DEPTH)).toBe(false);
  });
});
