/** A contract's path: built from its params and query, and matched against a request's method and path. */
import { describe, expect, it } from 'vitest';

import { contractMatches, contractPath, contractQuery } from '@/domain/contracts/contract';

const cancel = { method: 'POST', path: '/api/ninja-booking/requests/:id/cancel' } as const;
const readAll = { method: 'POST', path: '/api/notifications/read-all' } as const;

describe('contract paths', () => {
  it('match a request by method and shape, any one segment standing for a parameter', () => {
    expect(contractMatches(cancel, 'POST', '/api/ninja-booking/requests/b1f3-77/cancel')).toBe(true);
    expect(contractMatches(cancel, 'POST', '/api/ninja-booking/requests/b1f3-77/cancel?soon=1')).toBe(true);
    expect(contractMatches(cancel, 'DELETE', '/api/ninja-booking/requests/b1f3-77/cancel')).toBe(false);
    expect(contractMatches(cancel, 'POST', '/api/ninja-booking/requests//cancel')).toBe(false);
    expect(contractMatches(cancel, 'POST', '/api/ninja-booking/requests/a/b/cancel')).toBe(false);
    expect(contractMatches(readAll, 'POST', '/api/notifications/read-all')).toBe(true);
    expect(contractMatches(readAll, 'POST', '/api/notifications/7/read')).toBe(false);
  });

  it('are built from the params, each encoded, and the query without empty values', () => {
    expect(contractPath(cancel, { id: 'a/b c' })).toBe('/api/ninja-booking/requests/a%2Fb%20c/cancel');
    expect(contractQuery({ day: '2026-11-26', route: undefined, terminal: ['hsb', 'lng'] })).toBe(
      '?day=2026-11-26&terminal=hsb&terminal=lng',
    );
    expect(contractQuery({ route: undefined })).toBe('');
  });
});
