import { describe, expect, it } from 'vitest';

import { ageText, figureLabel, positionUnknownText } from '@/domain/figure-label';
import { formatClockLower } from '@/domain/time';

const NOW = Date.parse('2026-11-26T23:45:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('figure labels', () => {
  it('names the source and the age counted from when the source observed the figure', () => {
    expect(figureLabel({ source: 'bcferries', observedAt: ago(2 * 60_000) }, NOW)).toBe('BC Ferries · 2 min ago');
    expect(figureLabel({ source: 'ais', observedAt: ago(40_000) }, NOW)).toBe('AIS · 40 s ago');
  });

  it('says "simulated" whenever the simulator is the source, so a demo never passes for real', () => {
    expect(figureLabel({ source: 'simulator', observedAt: ago(5_000) }, NOW)).toBe('simulated · 5 s ago');
  });

  it('says "estimated" for modelled figures and for figures with no source', () => {
    expect(figureLabel({ source: 'model', observedAt: ago(0) }, NOW)).toBe('estimated');
    expect(figureLabel(null, NOW)).toBe('estimated');
  });

  it('keeps counting the age of a stored figure (offline an hour later it is an hour older)', () => {
    const provenance = { source: 'bcferries' as const, observedAt: ago(60_000) };
    expect(figureLabel(provenance, NOW + 60 * 60_000)).toBe('BC Ferries · 1 h ago');
    expect(ageText(3 * 24 * 60 * 60_000)).toBe('3 d ago');
    expect(ageText(-5_000)).toBe('0 s ago');
  });

  it('shows a vessel silent for over 10 minutes as "position unknown since …"', () => {
    expect(positionUnknownText({ observedAt: ago(9 * 60_000) }, NOW)).toBeNull();
    expect(positionUnknownText({ observedAt: ago(12 * 60_000) }, NOW)).toBe(
      `position unknown since ${formatClockLower(ago(12 * 60_000))}`,
    );
  });
});
