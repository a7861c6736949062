/** The rider's recent contributions as the server counted them (GET /api/contributions/recent). */
import { useLiveQuery } from 'dexie-react-hooks';

import { META, type DeckhandDB } from '@/data/db';
import type { RecentContribution } from '@/domain/contributions';
import { formatClock } from '@/domain/time';

const STATUS_TEXT: Record<string, string> = {
  accurate: 'matches the cameras',
  close: 'close to the cameras',
  off: 'differs from the cameras',
  unchecked: 'no camera to compare',
  duplicate: 'already sent before',
  received: 'received',
};

export function RecentContributions({ database }: { database: DeckhandDB }) {
  const recent = useLiveQuery(
    async () => (await database.meta.get(META.contributionsRecent))?.value as RecentContribution[] | undefined,
    [database],
  );
  if (!recent || recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-contributions-heading" className="flex flex-col gap-2">
      <h3 id="recent-contributions-heading" className="text-sm font-semibold">
        Recent Contributions
      </h3>
      <ul className="divide-y divide-border">
        {recent.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-2 py-2 text-sm">
            <span>
              {c.summary}
              <span className="block text-xs text-muted-foreground">
                {formatClock(c.createdAt)} ·{' '}
                {c.kind === 'challenge' ? 'weekly challenge bonus' : (STATUS_TEXT[c.status] ?? c.status)}
              </span>
            </span>
            <span className="tabular-nums text-success">+{c.points}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
