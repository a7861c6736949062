/**
 * Will it sail, beside a sailing (Next Ferry, the departure calculator's and the arrival timer's
 * chosen sailing): its weather level from Environment Canada's marine forecast ("Be aware",
 * "Disruption likely") with the reason in words, or that the forecast shows no raised risk, or that
 * it does not reach the sailing; always with the forecast's source and age, and how well the level
 * has done (or that there is not enough history yet to say). Read from the device (src/data/weather-risk.ts),
 * so it shows offline with its growing age. Nothing when the server runs no weather source, or
 * before the device ever received an answer.
 */
import type { DeckhandDB } from '@/data/db';
import { useSailingWeatherRisk } from '@/data/weather-risk';
import { ageText } from '@/domain/figure-label';
import { WEATHER_LEVEL_LABELS, weatherAccuracyText, weatherRiskText, weatherSourceText } from '@/domain/weather-risk';
import { Badge } from '@/ui/badge';
import { cn } from '@/ui/cn';

export function WeatherRiskNote({
  database,
  sailingId,
  now,
}: {
  database: DeckhandDB;
  sailingId: string | null | undefined;
  now: number;
}) {
  const read = useSailingWeatherRisk(database, sailingId);
  if (!read || read.stored.answer.source === 'none') return null;
  const { answer } = read.stored;
  const { level, text } = weatherRiskText(answer, read.risk);
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-md p-2 text-sm',
        level === 'disruption-likely'
          ? 'border-l-4 border-destructive bg-secondary'
          : level === 'be-aware'
            ? 'border-l-4 border-warning-strong bg-secondary'
            : 'bg-secondary text-secondary-foreground',
      )}
      data-testid="weather-risk"
      data-level={read.risk?.covered ? read.risk.level : 'unknown'}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Weather:</span>
        {level ? (
          <Badge variant={level === 'disruption-likely' ? 'destructive' : 'warning'} data-testid="weather-risk-level">
            {WEATHER_LEVEL_LABELS[level]}
          </Badge>
        ) : null}
        <span data-testid="weather-risk-reason">{text}</span>
      </p>
      <p className="text-xs text-muted-foreground" data-testid="weather-risk-source">
        {weatherSourceText(answer, read.risk, now, ageText)}
      </p>
      <p className="text-xs text-muted-foreground" data-testid="weather-risk-accuracy">
        {weatherAccuracyText(answer.accuracy)}
      </p>
    </div>
  );
}
