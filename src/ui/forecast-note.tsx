/**
 * A sailing's fill forecast as a rider reads it (src/domain/fill-forecast.ts words it): "usually full
 * 25 min before departure on Fridays: arrive by 9:55 am", its basis ("from 7 similar sailings") and,
 * once measured, its accuracy ("last 4 weeks: within 10 points 8 times in 10"). With too little
 * history it says so and shows no number. Nothing at all while the device has no forecast for it,
 * nor on a route whose fill is never published (src/domain/capacity.ts ROUTES_WITHOUT_CAPACITY_DATA):
 * there "not enough history yet" would wait for a history that cannot come.
 */
import { ROUTES_WITHOUT_CAPACITY_DATA } from '@/domain/capacity';
import { forecastAccuracyText, forecastBasisText, forecastSummaryText } from '@/domain/fill-forecast';
import type { SailingForecast } from '@/domain/sailing-forecast';

export function ForecastNote({ forecast }: { forecast: SailingForecast | undefined }) {
  if (!forecast) return null;
  const known = forecast.status === 'ok' && forecast.expectedCarFill !== undefined;
  if (!known && ROUTES_WITHOUT_CAPACITY_DATA.has(forecast.routeId)) return null;
  const accuracy = known ? forecastAccuracyText(forecast.accuracy) : undefined;
  return (
    <p className="rounded-md bg-secondary p-2 text-sm text-secondary-foreground" data-testid="forecast-note">
      <span className="font-medium">Forecast: </span>
      {forecastSummaryText(forecast)}
      {known ? <span className="block text-xs">{[forecastBasisText(forecast), accuracy].filter(Boolean).join(' · ')}</span> : null}
    </p>
  );
}
