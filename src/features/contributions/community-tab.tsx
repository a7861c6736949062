/**
 * Community tab (rider-core §2, §4): the leaderboard from the server, this week and all time, with
 * pseudonymous names (the rider can pick theirs here), contributor badges by contributionScore and
 * the rider's own rank even outside the top 10.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';

import { META, type DeckhandDB } from '@/data/db';
import { useRiderProfile } from '@/data/use-rider-profile';
import { type Leaderboard, type LeaderboardEntry, type LeaderboardPeriod } from '@/domain/contributions';
import { contributorBadge } from '@/domain/membership';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LeaderboardNameForm } from '@/ui/leaderboard-name-form';

function Line({ entry }: { entry: LeaderboardEntry }) {
  return (
    <li className={`flex items-center gap-3 py-2 text-sm ${entry.you ? 'font-semibold' : ''}`}>
      <span className="w-8 text-right tabular-nums">#{entry.rank}</span>
      <span className="flex-1">
        {entry.displayName}
        {entry.you ? ' (you)' : ''}
        <span className="block text-xs font-normal text-muted-foreground">{entry.badge}</span>
      </span>
      <span className="tabular-nums">{entry.points} pts</span>
    </li>
  );
}

export function CommunityTab({ database }: { database: DeckhandDB }) {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const profile = useRiderProfile(database);
  const board = useLiveQuery(
    async () =>
      (
        await database.meta.get(
          period === 'week' ? META.contributionsLeaderboardWeek : META.contributionsLeaderboardAll,
        )
      )?.value as Leaderboard | undefined,
    [database, period],
  );
  const score = profile?.contributionScore ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Your badge: <Badge variant="secondary">{contributorBadge(score)}</Badge>{' '}
        <span className="text-muted-foreground">{score} contribution points</span>
      </p>
      <section aria-labelledby="leaderboard-heading" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id="leaderboard-heading" className="text-base font-semibold">
            Leaderboard
          </h3>
          <div role="radiogroup" aria-label="Leaderboard period" className="flex gap-1">
            {(['week', 'all'] as const).map((p) => (
              <Button
                key={p}
                size="sm"
                role="radio"
                aria-checked={period === p}
                variant={period === p ? 'default' : 'outline'}
                onClick={() => setPeriod(p)}
              >
                {p === 'week' ? 'This Week' : 'All Time'}
              </Button>
            ))}
          </div>
        </div>
        {!board ? (
          <p className="text-sm text-muted-foreground">The leaderboard loads when you are online.</p>
        ) : board.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No points yet {period === 'week' ? 'this week' : ''}: be the first.
          </p>
        ) : (
          <ol className="divide-y divide-border" aria-label={period === 'week' ? 'This week' : 'All time'}>
            {board.entries.map((entry) => (
              <Line key={`${entry.rank}-${entry.displayName}`} entry={entry} />
            ))}
          </ol>
        )}
        {board?.you && !board.entries.some((e) => e.you) && (
          <div aria-label="Your rank">
            <ol className="border-t border-dashed border-border">
              <Line entry={board.you} />
            </ol>
          </div>
        )}
        {board && !board.you && <p className="text-sm text-muted-foreground">Contribute to get your own rank.</p>}
      </section>
      <LeaderboardNameForm database={database} />
    </div>
  );
}
