/**
 * The source and age beside a figure (src/domain/figure-label.ts): "BC Ferries · 2 min ago",
 * "AIS · 40 s ago", "estimated", "simulated · 1 min ago". Small and muted, but always there: a
 * figure without it would pass a model or a demo for an observation. The age follows the caller's
 * clock (`now`), so it keeps counting offline. While the BC Ferries document is stale (the feed
 * status, src/domain/feed-status.ts) a BC Ferries figure says "BC Ferries data not updated since …"
 * instead of an age, so it is not taken for live.
 */
import { useFeedStatus } from '@/data/feed-status';
import { staleLine } from '@/domain/feed-status';
import { figureLabel } from '@/domain/figure-label';
import type { Provenance } from '@/domain/sailing';

import { cn } from './cn';

interface FigureSourceProps {
  /** Where the figure came from and when it was observed; null/undefined = modelled ("estimated"). */
  provenance: Provenance | null | undefined;
  now: number;
  className?: string;
}

export function FigureSource({ provenance, now, className }: FigureSourceProps) {
  const stale = staleLine(useFeedStatus());
  const shownStale = provenance?.source === 'bcferries' ? stale : null;
  return (
    <span
      className={cn(
        'text-xs font-normal break-words text-muted-foreground',
        shownStale && 'font-medium text-foreground',
        className,
      )}
      data-testid="figure-source"
      data-source={provenance?.source ?? 'model'}
      {...(shownStale ? { 'data-stale': 'true' } : {})}
    >
      {shownStale ?? figureLabel(provenance, now)}
    </span>
  );
}
