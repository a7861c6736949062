/**
 * The client build keeps of each contract what the client reads (method, path, responses) and drops
 * the rest; it refuses a contract it cannot read rather than keep or drop something silently.
 */
import { describe, expect, it } from 'vitest';

import { clientContracts } from '../../scripts/client-contracts';

describe("the client build's copy of the contracts", () => {
  it('keeps method, path and responses, and drops summary, tag, access, params, query and body', () => {
    const source = [
      'export const a = defineContract({',
      "  method: 'POST',",
      "  path: '/api/a/:id',",
      "  summary: 'The caller\\'s own, newest first',",
      "  tag: 'A',",
      "  access: 'rider',",
      '  params: z.object({ id: z.string() }),',
      '  query: z.strictObject({',
      '    limit: z.optional(z.number()),',
      '  }),',
      '  body: aBodySchema,',
      '  responses: { 201: aSchema },',
      '});',
    ].join('\n');
    expect(clientContracts(source, 'contracts/a.ts')).toBe(
      [
        'export const a = defineContract({',
        "  method: 'POST',",
        "  path: '/api/a/:id',",
        '  responses: { 201: aSchema },',
        '});',
      ].join('\n'),
    );
  });

  it('cuts the shared properties a contract spreads in, declared in the same file', () => {
    const source = [
      "const shared = { summary: `At most ${LIMIT}`, tag: 'B', responses: { 200: bSchema } } as const;",
      "export const b = defineContract({ method: 'GET', path: '/api/b', access: 'staff', ...shared });",
    ].join('\n');
    const client = clientContracts(source, 'contracts/b.ts');
    expect(client).toBe(
      [
        'const shared = { responses: { 200: bSchema } } as const;',
        "export const b = defineContract({ method: 'GET', path: '/api/b', ...shared });",
      ].join('\n'),
    );
  });

  it('leaves code outside contracts alone', () => {
    const source = "const routeIds = ROUTES.map((r) => r.id);\nexport const note = { summary: 'kept' };";
    expect(clientContracts(source, 'contracts/c.ts')).toBe(source);
  });

  it('refuses a contract it cannot read', () => {
    expect(() => clientContracts('defineContract(makeContract())', 'contracts/d.ts')).toThrow(/object literal/);
    expect(() => clientContracts("defineContract({ method: 'GET', ...elsewhere })", 'contracts/e.ts')).toThrow(
      /not declared in this file/,
    );
    expect(() => clientContracts("defineContract({ method: 'GET', get path() { return '/api/f'; } })", 'f.ts')).toThrow(
      /plain properties/,
    );
  });
});
