/**
 * The sailing chance as a rider reads it (src/domain/sailing-chance.ts computes and words it): for a
 * car reaching the terminal at the plan's time, the sailing it likely makes ("Estimated") and the ones
 * either side ("Earlier", "Later"), each with its time, its chance in words and a colour that repeats
 * them ("72% · likely" green, "45% · uncertain" orange, "20% · unlikely" red), or "Unknown" with the
 * reason. Computed on the device from the stored sailings and forecasts, so it shows offline: then as
 * of the newest stored reading, with its age ("Stored chance as of 2:05 pm (14 min ago): you are
 * offline"). Next Ferry, the departure calculator and the arrival timer show it, each with its own
 * arrival time.
 */
import { useMemo } from 'react';

import type { DeckhandDB } from '@/data/db';
import { useRouteForecastsRead } from '@/data/sailing-forecast';
import type { RouteSailing } from '@/domain/rider-route';
import {
  arrivalText,
  chanceText,
  sailingChanceWindow,
  type ChanceArrival,
  type ChanceBand,
  type ChanceSailing,
  type LanePlace,
} from '@/domain/sailing-chance';
import { formatClock, formatClockLower } from '@/domain/time';
import { Badge, type BadgeVariant } from '@/ui/badge';

const BAND_BADGE: Record<ChanceBand, BadgeVariant> = {
  green: 'success',
  orange: 'warning',
  red: 'destructive',
  unknown: 'outline',
};

interface SailingChancesProps {
  database: DeckhandDB;
  /** The route's sailings ahead that can be taken, departure order. */
  sailings: readonly RouteSailing[];
  arrival: ChanceArrival;
  /** The rider's place in the lane, when they are in it. */
  lane?: LanePlace | null;
  now: number;
  /** The device is online (else the chance is the stored one, as of the newest stored reading). */
  online: boolean;
}

const toChanceSailing = (s: RouteSailing): ChanceSailing => ({
  id: s.id,
  routeId: s.routeId,
  departureTime: s.departureTime,
  ...(s.carFill !== undefined && s.provenance ? { carFill: s.carFill, observedAt: s.provenance.observedAt } : {}),
  ...(s.ferry?.vehicleCapacity ? { vehicleCapacity: s.ferry.vehicleCapacity } : {}),
});

/** The newest stored reading (epoch ms) of the sailings, at most `now`; `now` when none. */
function newestReading(sailings: readonly RouteSailing[], now: number): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const s of sailings) {
    const at = s.provenance ? Date.parse(s.provenance.observedAt) : NaN;
    if (!Number.isNaN(at) && at > newest) newest = at;
  }
  return Number.isFinite(newest) ? Math.min(now, newest) : now;
}

function ageText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return minutes < 1 ? 'just now' : `${minutes} min ago`;
}

export function SailingChances({ database, sailings, arrival, lane, now, online }: SailingChancesProps) {
  const first = sailings[0];
  const forecasts = useRouteForecastsRead(database, first?.routeId, first?.terminalId);
  const asOf = online ? now : newestReading(sailings, now);
  const forecastById = useMemo(() => forecasts && new Map(forecasts.map((f) => [f.sailingId, f])), [forecasts]);
  const chanceSailings = useMemo(() => sailings.map(toChanceSailing), [sailings]);
  const placed = useMemo(
    () =>
      forecastById
        ? sailingChanceWindow({
            sailings: chanceSailings,
            forecastOf: (id) => forecastById.get(id),
            arrival,
            lane,
            now: asOf,
          })
        : [],
    [forecastById, chanceSailings, arrival, lane, asOf],
  );
  if (placed.length === 0) return null;
  return (
    <section aria-label="Chance of a place on board" className="flex flex-col gap-1" data-testid="sailing-chances">
      <p className="text-sm font-medium">Chance of a place on board</p>
      <p className="text-xs text-muted-foreground" data-testid="sailing-chances-arrival">
        {arrivalText(arrival, lane, now)}
      </p>
      <ul className="flex flex-col gap-1">
        {placed.map((c) => (
          <li
            key={c.sailingId}
            className="flex flex-wrap items-center gap-x-2 text-sm"
            data-testid="sailing-chance"
            data-place={c.place}
            data-band={c.band}
          >
            <span className="w-20 font-medium">{c.place}</span>
            <span className="w-28">{formatClock(c.departureTime)} sailing</span>
            <Badge
              variant={BAND_BADGE[c.band]}
              className="rounded-md whitespace-normal"
              data-testid="sailing-chance-text"
            >
              {chanceText(c)}
            </Badge>
          </li>
        ))}
      </ul>
      {online ? (
        <p className="text-xs text-muted-foreground">From the car-deck readings and how similar sailings filled</p>
      ) : (
        <p className="text-xs font-medium text-warning-strong" data-testid="sailing-chances-stored">
          Stored chance as of {formatClockLower(asOf)} ({ageText(now - asOf)}): you are offline
        </p>
      )}
    </section>
  );
}
