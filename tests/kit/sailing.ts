import { sailingId, type Sailing } from '@/domain/sailing';

/**
 * A sailing as a source publishes it: scheduled, with no figures but those given in `overrides`.
 * `departure` and `observedAt` are epoch ms or ISO strings; the source is BC Ferries unless given.
 */
export function publishedSailing(
  leg: { routeId: string; from: string; to: string; departure: number | string; observedAt: number | string },
  overrides: Partial<Sailing> = {},
): Sailing {
  const departure = typeof leg.departure === 'string' ? Date.parse(leg.departure) : leg.departure;
  return {
    id: sailingId(leg.routeId, leg.from, departure),
    routeId: leg.routeId,
    from: leg.from,
    to: leg.to,
    scheduledDeparture: typeof leg.departure === 'string' ? leg.departure : new Date(departure).toISOString(),
    status: 'scheduled',
    source: 'bcferries',
    observedAt: typeof leg.observedAt === 'string' ? leg.observedAt : new Date(leg.observedAt).toISOString(),
    ...overrides,
  };
}

/** Horseshoe Bay → Langdale, the leg most tests sail. */
export const HSB_LNG = { routeId: 'hsb-lng', from: 'horseshoe-bay', to: 'langdale' } as const;

/** Horseshoe Bay → Departure Bay (Nanaimo). */
export const HSB_NAN = { routeId: 'hsb-nan', from: 'horseshoe-bay', to: 'departure-bay' } as const;

/**
 * A test file's `sailing(routeId, from, to, departure, overrides)`: published sailings observed at
 * `observedAt` (a function is read at each call), with `defaults` under each call's overrides.
 */
export function sailingMaker({
  observedAt,
  ...defaults
}: { observedAt: number | string | (() => number) } & Partial<Omit<Sailing, 'observedAt'>>) {
  return (routeId: string, from: string, to: string, departure: number | string, overrides: Partial<Sailing> = {}) =>
    publishedSailing(
      { routeId, from, to, departure, observedAt: typeof observedAt === 'function' ? observedAt() : observedAt },
      { ...defaults, ...overrides },
    );
}
