/**
 * Games (membership §2 Games, §6): members (premium, ninja / premium_plus, contributor — the same
 * gate the server uses, src/domain/membership.ts) get the jigsaw and the 'More Games Coming Soon'
 * card; everyone else gets the upsell. The page reads the cached profile, so it renders offline.
 */
import { Brain, Grid3x3, Type } from 'lucide-react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { useTrialOffer } from '@/data/trials';
import { useRiderProfile } from '@/data/use-rider-profile';
import { canUseMemberPerks } from '@/domain/membership';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';
import { UpsellCard } from '@/ui/upsell-card';

import { JigsawPuzzle } from './jigsaw-puzzle';

const COMING_SOON = [
  { name: 'Sudoku', Icon: Grid3x3 },
  { name: 'Word games', Icon: Type },
  { name: 'Memory', Icon: Brain },
] as const;

export function GamesPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const profile = useRiderProfile(database);
  const trial = useTrialOffer(database, 'premium');
  return (
    <>
      <PageHeader title="Games" />
      <div className="flex flex-col gap-4 px-4 pb-6">
        {profile === undefined ? null : canUseMemberPerks(profile?.membershipType) ? (
          <>
            <JigsawPuzzle />
            <Card aria-labelledby="games-coming-soon">
              <CardHeader>
                <CardTitle id="games-coming-soon">More Games Coming Soon</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid grid-cols-3 gap-2 text-center text-sm">
                  {COMING_SOON.map(({ name, Icon }) => (
                    <li key={name} className="flex flex-col items-center gap-1 rounded-md bg-secondary p-3">
                      <Icon aria-hidden="true" className="size-6 text-primary" />
                      {name}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </>
        ) : (
          <UpsellCard
            id="games-upsell"
            title="Games for Premium Members"
            description="Pass the wait with a jigsaw made from your own photo, and more games soon."
            upgradeLabel="Upgrade to Premium - $4.99/month"
            trial={trial}
          />
        )}
      </div>
    </>
  );
}
