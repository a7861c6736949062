import { describe, expect, it } from 'vitest';

import { CANCELLATION_REASON_MAX, cancellationReason, cancellationText } from '@/domain/sailing-cancellation';

describe("a cancelled sailing's reason", () => {
  it('is kept as the source wrote it, spaces collapsed, a leading "Cancelled" dropped', () => {
    // The scraper's vesselStatus: the red block's second <p>, else the whole block ("Cancelled\n Mechanical difficulty").
    expect(cancellationReason('Mechanical difficulty')).toBe('Mechanical difficulty');
    expect(cancellationReason('  Cancelled:\n   Mechanical   difficulty ')).toBe('Mechanical difficulty');
    expect(cancellationReason('CANCELLED - Crew availability')).toBe('Crew availability');
    expect(cancellationReason('Cancelled')).toBeUndefined();
    expect(cancellationReason('')).toBeUndefined();
    expect(cancellationReason(undefined)).toBeUndefined();
    expect(cancellationReason('x'.repeat(500))!.length).toBe(CANCELLATION_REASON_MAX);
  });

  it('reads "Cancelled: Mechanical difficulty", or "Cancelled" without one', () => {
    expect(cancellationText({ statusReason: 'Mechanical difficulty' })).toBe('Cancelled: Mechanical difficulty');
    expect(cancellationText({})).toBe('Cancelled');
  });
});
