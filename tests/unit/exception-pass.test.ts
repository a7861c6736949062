import { describe, expect, it } from 'vitest';

import { passStatusTone, passValidity, terminalLocalToIso, verifyVerdict } from '@/domain/exception-pass';

describe('exception pass rules', () => {
  it('colours pending yellow, approved or active green, anything else red (membership §4)', () => {
    expect(passStatusTone('pending')).toBe('yellow');
    expect(passStatusTone('approved')).toBe('green');
    expect(passStatusTone('active')).toBe('green');
    expect(passStatusTone('rejected')).toBe('red');
    expect(passStatusTone('expired')).toBe('red');
  });

  it('is valid only when approved and inside its window', () => {
    const departure = new Date('2026-11-23T18:00:00Z');
    const { validFrom, validUntil } = passValidity(departure);
    expect(validFrom.toISOString()).toBe('2026-11-23T15:00:00.000Z');
    expect(validUntil.toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(verifyVerdict('approved', validFrom, validUntil, departure)).toBe('valid');
    expect(verifyVerdict('pending', validFrom, validUntil, departure)).toBe('rejected');
    expect(verifyVerdict('rejected', validFrom, validUntil, departure)).toBe('rejected');
    expect(verifyVerdict('approved', validFrom, validUntil, new Date('2026-11-23T14:59:00Z'))).toBe('not_yet_valid');
    expect(verifyVerdict('approved', validFrom, validUntil, new Date('2026-11-23T21:01:00Z'))).toBe('expired');
  });

  it('reads a datetime-local value as terminal wall-clock time', () => {
    const pacificStandard = () => -8 * 3_600_000;
    expect(terminalLocalToIso('2026-11-23T14:30', pacificStandard)).toBe('2026-11-23T22:30:00.000Z');
    expect(terminalLocalToIso('', pacificStandard)).toBeNull();
    expect(terminalLocalToIso('tomorrow', pacificStandard)).toBeNull();
  });
});
