import { describe, expect, it } from 'vitest';

import type { Sailing } from '@/domain/sailing';
import {
  applySailingChanges,
  applySailingsSnapshot,
  isEmptyChange,
  sailingChanges,
  sailingWindow,
} from '@/domain/sailing-changes';

const AT = '2026-07-10T16:00:00.000Z';
const LATER = '2026-07-10T16:01:00.000Z';

function sailing(id: string, departure: string, extra: Partial<Sailing> = {}): Sailing {
  return {
    id,
    routeId: 'hsb-lng',
    from: 'horseshoe-bay',
    to: 'langdale',
    scheduledDeparture: departure,
    status: 'scheduled',
    source: 'bcferries',
    observedAt: AT,
    ...extra,
  };
}

const byId = (list: readonly Sailing[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

describe('sailing changes', () => {
  const before = [
    sailing('a', '2026-07-10T17:00:00.000Z', { carFill: 40 }),
    sailing('b', '2026-07-10T19:00:00.000Z', { carFill: 10 }),
    sailing('c', '2026-07-10T21:00:00.000Z'),
    sailing('d', '2026-07-11T17:00:00.000Z'),
  ];

  it("sends a re-observed sailing as its source's stamp, a changed one whole, a gone one by id", () => {
    const after = [
      sailing('a', '2026-07-10T17:00:00.000Z', { carFill: 55, observedAt: LATER }),
      sailing('b', '2026-07-10T19:00:00.000Z', { carFill: 10, observedAt: LATER }),
      sailing('d', '2026-07-11T17:00:00.000Z', { observedAt: LATER }),
      sailing('e', '2026-07-11T19:00:00.000Z', { observedAt: LATER }),
    ];
    const change = sailingChanges(before, after);
    expect(change.upserted.map((s) => s.id).sort()).toEqual(['a', 'e']);
    expect(change.removed).toEqual(['c']);
    expect(change.observedAt).toEqual({ bcferries: LATER });
    expect(byId(applySailingChanges(before, { ...change, days: ['2026-07-10', '2026-07-11'] }))).toEqual(byId(after));
  });

  it("sends whole any sailing whose observedAt is not its source's stamp, so the result is exact", () => {
    const after = [
      sailing('a', '2026-07-10T17:00:00.000Z', { carFill: 40, observedAt: LATER }),
      sailing('b', '2026-07-10T19:00:00.000Z', { carFill: 10, observedAt: LATER }),
      // Not observed again: keeps its old time although the others moved on.
      sailing('c', '2026-07-10T21:00:00.000Z'),
      sailing('d', '2026-07-11T17:00:00.000Z', { observedAt: '2026-07-10T16:00:30.000Z' }),
    ];
    const change = sailingChanges(before, after);
    expect(change.observedAt).toEqual({ bcferries: LATER });
    expect(change.upserted.map((s) => s.id).sort()).toEqual(['c', 'd']);
    expect(byId(applySailingChanges(before, { ...change, days: ['2026-07-10', '2026-07-11'] }))).toEqual(byId(after));
  });

  it('has nothing to send when nothing changed', () => {
    expect(
      isEmptyChange(
        sailingChanges(
          before,
          before.map((s) => ({ ...s })),
        ),
      ),
    ).toBe(true);
  });

  it('restamps only the window it names, not later days the device got by REST', () => {
    const dayThree = sailing('z', '2026-07-12T17:00:00.000Z');
    const change = {
      ...sailingChanges(
        before,
        before.map((s) => ({ ...s, observedAt: LATER })),
      ),
      days: ['2026-07-10', '2026-07-11'],
    };
    const applied = applySailingChanges([...before, dayThree], change);
    expect(applied.find((s) => s.id === 'z')?.observedAt).toBe(AT);
    expect(applied.filter((s) => s.id !== 'z').every((s) => s.observedAt === LATER)).toBe(true);
  });

  it('a snapshot leaves exactly its sailings for its days and earlier, and keeps later days', () => {
    const stale = sailing('yesterday', '2026-07-09T17:00:00.000Z');
    const dayThree = sailing('z', '2026-07-12T17:00:00.000Z');
    const window = sailingWindow([...before, dayThree], 2);
    expect(window.days).toEqual(['2026-07-10', '2026-07-11']);
    const applied = applySailingsSnapshot([stale, sailing('c-old', '2026-07-10T22:00:00.000Z'), dayThree], window);
    expect(byId(applied)).toEqual(byId([...before, dayThree]));
  });
});
