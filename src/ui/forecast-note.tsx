/**
 * A sailing's fill forecast as a rider reads it (src/domain/fill-forecast.ts words it): "usually full
 * 25 min before departure on Fridays: arrive by 9:55 am", its basis ("from 7 similar sailings") and
 * its accuracy ("last 4 weeks: within 10 points 8 times in 10", or in words that it is not measured
 * yet). With too little history it says so and shows no number. Nothing at all while the device has
 * no forecast for it.
 */
import { ACCURACY_UNMEASURED_TEXT, forecastAccuracyText, forecastBasisText, forecastSummaryText } from '@/domain/fill-forecast';
import type { SailingForecast } from '@/domain/sailing-forecast';

export function ForecastNote({ forecast }: { forecast: SailingForecast | undefined }) {
  if (!forecast) return null;
  const known = forecast.status === 'ok' && forecast.expectedCarFill !== undefined;
  return (
    <p className="rounded-md bg-secondary p-2 text-sm text-secondary-foreground" data-testid="forecast-note">
      <span className="font-medium">Forecast: </span>
      {forecastSummaryText(forecast)}
      {known ? (
        <span className="block text-xs">
          {forecastBasisText(forecast)} · {forecastAccuracyText(forecast.accuracy) ?? ACCURACY_UNMEASURED_TEXT}
        </span>
      ) : null}
    </p>
  );
}
