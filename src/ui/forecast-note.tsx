/**
 * A sailing's fill forecast as a rider reads it (src/domain/fill-forecast.ts words it): "usually full
 * 25 min before departure on Fridays: arrive by 9:55 am", its basis ("from 7 similar sailings"), its
 * accuracy ("last 4 weeks: within 10 points 8 times in 10", or in words that it is not measured yet)
 * and, for a sailing no source lists yet, where its time comes from ("time from the timetable
 * recorded on 4 past Fridays"). With too little history it says so and shows no number. Nothing at
 * all while the device has no forecast for it. On a route whose fill is never published
 * (src/domain/capacity.ts ROUTES_WITHOUT_CAPACITY_DATA) there is no forecast to wait for: "not
 * enough history yet" would wait for a history that cannot come, so only where the time comes from
 * is said.
 */
import { ROUTES_WITHOUT_CAPACITY_DATA } from '@/domain/capacity';
import {
  ACCURACY_UNMEASURED_TEXT,
  FORECAST_PENDING_TEXT,
  forecastAccuracyText,
  forecastBasisText,
  forecastSummaryText,
} from '@/domain/fill-forecast';
import { projectedTimetableText } from '@/domain/projected-timetable';
import type { SailingForecast } from '@/domain/sailing-forecast';

export function ForecastNote({ forecast }: { forecast: SailingForecast | 'pending' | undefined }) {
  if (!forecast) return null;
  if (forecast === 'pending') return <ForecastPendingNote />;
  const known = forecast.status === 'ok' && forecast.expectedCarFill !== undefined;
  const timetable = forecast.timetableRecordedOn
    ? `time from the ${projectedTimetableText(forecast.scheduledDeparture, forecast.timetableRecordedOn)}`
    : undefined;
  if (!known && ROUTES_WITHOUT_CAPACITY_DATA.has(forecast.routeId)) {
    return timetable ? (
      <p
        className="rounded-md bg-secondary p-2 text-xs text-secondary-foreground"
        data-testid="forecast-timetable-note"
      >
        {timetable.charAt(0).toUpperCase() + timetable.slice(1)}
      </p>
    ) : null;
  }
  const details = [
    known ? forecastBasisText(forecast) : undefined,
    timetable,
    known ? (forecastAccuracyText(forecast.accuracy) ?? ACCURACY_UNMEASURED_TEXT) : undefined,
  ].filter(Boolean);
  return (
    <p className="rounded-md bg-secondary p-2 text-sm text-secondary-foreground" data-testid="forecast-note">
      <span className="font-medium">Forecast: </span>
      {forecastSummaryText(forecast)}
      {details.length > 0 ? <span className="block text-xs">{details.join(' · ')}</span> : null}
    </p>
  );
}

/**
 * The device has no forecasts yet (a first visit, before the forecasts' pull): said in the room the
 * forecast takes, so its arrival does not push the card's last lines down.
 */
function ForecastPendingNote() {
  return (
    <p className="rounded-md bg-secondary p-2 text-sm text-secondary-foreground" data-testid="forecast-pending">
      <span className="font-medium">Forecast: </span>
      {FORECAST_PENDING_TEXT.summary}
      <span className="block text-xs">{FORECAST_PENDING_TEXT.detail}</span>
    </p>
  );
}
