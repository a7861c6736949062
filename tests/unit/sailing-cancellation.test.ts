import { describe, expect, it } from 'vitest';

import {
  CANCELLATION_REASON_MAX,
  cancellationReason,
  cancellationText,
  cancelledClause,
} from '@/domain/sailing-cancellation';

describe("a cancelled sailing's reason", () => {
  it('is kept in the source\'s words, spaces collapsed; a bare "Cancelled" is no reason', () => {
    // The scraper's vesselStatus: the red block's second <p>, else the whole block's text.
    expect(cancellationReason('Mechanical difficulty')).toBe('Mechanical difficulty');
    expect(cancellationReason('  Cancelled due to\n   a mechanical   problem ')).toBe(
      'Cancelled due to a mechanical problem',
    );
    expect(cancellationReason('Cancelled')).toBeUndefined();
    expect(cancellationReason('')).toBeUndefined();
    expect(cancellationReason(undefined)).toBeUndefined();
    expect(cancellationReason('x'.repeat(500))!.length).toBe(CANCELLATION_REASON_MAX);
  });

  it('reads "Cancelled: Mechanical difficulty", the source\'s own sentence, or "Cancelled" without one', () => {
    expect(cancellationText({ statusReason: 'Mechanical difficulty' })).toBe('Cancelled: Mechanical difficulty');
    expect(cancellationText({ statusReason: 'Cancelled - Crew availability' })).toBe('Cancelled: Crew availability');
    expect(cancellationText({ statusReason: 'Cancelled due to a mechanical problem' })).toBe(
      'Cancelled due to a mechanical problem',
    );
    expect(cancellationText({})).toBe('Cancelled');
  });

  it('follows "is cancelled" in a sentence', () => {
    expect(cancelledClause({ statusReason: 'Mechanical difficulty' })).toBe(': Mechanical difficulty');
    expect(cancelledClause({ statusReason: 'Cancelled due to a mechanical problem' })).toBe(
      ' due to a mechanical problem',
    );
    expect(cancelledClause({})).toBe('');
  });
});
