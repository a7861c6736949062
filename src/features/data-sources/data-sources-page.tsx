/**
 * Data sources (/app/data-sources): where the figures in the app come from, for a rider who wants to
 * know whether to trust them and for an operator (docs/feed.md "Feed status"). Each source the
 * server runs, with whether it is in use, whether it is simulated, its last success, last change and
 * last error, and what applies to it (rows and routes dropped from the last BC Ferries document, the
 * MMSIs subscribed and the vessels heard from), from the feed status stored on the device
 * (src/data/feed-status.ts), so it reads offline with the time it was last heard.
 */
import { useEffect } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { pullFeedStatus, useFeedStatus } from '@/data/feed-status';
import {
  fallbackLine,
  sourceAbout,
  sourceStatusRows,
  sourceTitle,
  staleLine,
  type SourceStatusView,
} from '@/domain/feed-status';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';

export function DataSourcesPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const status = useFeedStatus(database);
  useEffect(() => {
    pullFeedStatus(database).catch((error: unknown) => console.warn('Feed status pull failed', error));
  }, [database]);
  const fallback = fallbackLine(status);
  const stale = staleLine(status);
  return (
    <>
      <PageHeader title="Data sources" />
      <div className="flex flex-col gap-4 px-4 pb-4">
        {status === undefined ? null : status === null ? (
          <p className="text-muted-foreground">The data sources appear once Deckhand has reached the server.</p>
        ) : (
          <>
            {fallback ? (
              <p className="font-semibold" data-testid="data-sources-fallback">
                {fallback}
              </p>
            ) : null}
            {stale ? (
              <p className="font-semibold" data-testid="data-sources-stale">
                {stale}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">
              {status.simulatedLaneCounts
                ? 'Lane counts, camera counts and queue positions are simulated.'
                : "Lane counts come from riders' reports, queue positions from your GPS fix; where there is none, no count is available."}
            </p>
            {status.sources.map((source) => (
              <SourceCard key={source.name} source={source} />
            ))}
          </>
        )}
      </div>
    </>
  );
}

function SourceCard({ source }: { source: SourceStatusView }) {
  const titleId = `data-source-${source.name}`;
  return (
    <Card aria-labelledby={titleId} data-testid="data-source" data-source={source.name}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId}>{sourceTitle(source.name)}</CardTitle>
        <div className="flex gap-1">
          <Badge variant={source.inUse ? 'success' : 'outline'}>{source.inUse ? 'In use' : 'Not in use'}</Badge>
          {source.simulated ? <Badge variant="outline">simulated</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{sourceAbout(source.name)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {sourceStatusRows(source).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
