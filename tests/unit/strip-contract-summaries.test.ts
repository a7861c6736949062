/** The client build drops contracts' reference summaries, and refuses one written in a form it cannot remove. */
import { describe, expect, it } from 'vitest';

import { stripContractSummaries } from '../../scripts/strip-contract-summaries';

describe('stripping contract summaries from the client build', () => {
  it('removes a summary on its own line or on the next, in any quotes, and nothing else', () => {
    const source = [
      'export const a = defineContract({',
      "  method: 'GET',",
      "  summary: 'The caller\\'s own, newest first',",
      "  tag: 'A',",
      '});',
      'export const b = defineContract({',
      '  summary:',
      '    "Every terminal\'s amenities, by terminal",',
      '  responses: { 200: x },',
      '});',
      'export const c = defineContract({',
      '  summary: `At most ${LIMIT}`,',
      "  path: '/api/c',",
      '});',
    ].join('\n');
    const stripped = stripContractSummaries(source, 'contracts/a.ts');
    expect(stripped).not.toMatch(/summary/);
    expect(stripped).toContain("  method: 'GET',\n  tag: 'A',");
    expect(stripped).toContain('defineContract({\n  responses: { 200: x },');
    expect(stripped).toContain("defineContract({\n  path: '/api/c',");
  });

  it('fails rather than leave a summary in', () => {
    expect(() => stripContractSummaries("x({\n  summary: describe('a'),\n})", 'contracts/b.ts')).toThrow(
      /cannot remove/,
    );
  });
});
