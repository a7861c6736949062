/** Challenges tab: this week's challenges with the server's progress and bonus (src/domain/contributions.ts). */
import { useLiveQuery } from 'dexie-react-hooks';

import { META, type DeckhandDB } from '@/data/db';
import { CHALLENGES, type ChallengeProgress } from '@/domain/contributions';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Progress } from '@/ui/progress';

export function ChallengesTab({ database }: { database: DeckhandDB }) {
  const pulled = useLiveQuery(
    async () => (await database.meta.get(META.contributionsChallenges))?.value as ChallengeProgress[] | undefined,
    [database],
  );
  // Before the first pull the definitions show with no progress (offline first run).
  const challenges: ChallengeProgress[] = pulled ?? CHALLENGES.map((c) => ({ ...c, progress: 0, completed: false }));
  return (
    <ul className="flex flex-col gap-3" aria-label="Weekly challenges">
      {challenges.map((c) => (
        <li key={c.id}>
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="flex items-center justify-between gap-2">
                {c.title}
                {c.completed ? (
                  <Badge variant="success">Completed</Badge>
                ) : (
                  <Badge variant="secondary">+{c.bonusPoints} bonus</Badge>
                )}
              </CardTitle>
              <CardDescription>{c.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm">
              <Progress
                value={c.progress}
                max={c.target}
                tone={c.completed ? 'success' : 'primary'}
                label={`${c.title} progress`}
                valueText={`${c.progress} of ${c.target}`}
              />
              <span className="text-muted-foreground">
                {c.progress} of {c.target}
              </span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
