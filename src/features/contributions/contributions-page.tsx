/**
 * Community Contributions (rider-core §2): tabs Contribute, Challenges, Rewards, Community. Every
 * tab reads the device's store; while online the page refreshes it from the server (and again after
 * a write lands), so it opens instantly at a terminal with one bar of signal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';

import { refreshAfterWrite } from '@/data/contributions';
import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { useRiderTerminal } from '@/data/rider-terminal';
import { DEFAULT_TERMINAL_ID, QUEUE_TERMINAL_IDS, terminalById } from '@/domain/terminals';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';

import { ChallengesTab } from './challenges-tab';
import { CommunityTab } from './community-tab';
import { MyPhotos } from './my-photos';
import { OtherWaysToHelp } from './other-ways-to-help';
import { PhotoCounter } from './photo-counter';
import { RecentContributions } from './recent-contributions';
import { RewardsTab } from './rewards-tab';

/** Four tabs do not fit one row on a phone: two rows of two read better than three and one. */
const TWO_BY_TWO = { flexBasis: 'calc(50% - 0.25rem)' } as const;

function ContributeTab({ database }: { database: DeckhandDB }) {
  const selectId = useId();
  const stored = useLiveQuery(
    async () => (await database.meta.get(META.contributeTerminal))?.value as string | undefined,
    [database],
  );
  const rider = useRiderTerminal(database);
  const [picked, setPicked] = useState<string | null>(null);
  // The terminal picked here last, else the rider's own (their queue position's, or their pick on home).
  const terminal = picked ?? stored ?? rider?.terminalId ?? DEFAULT_TERMINAL_ID;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          Terminal
        </label>
        <select
          id={selectId}
          value={terminal}
          className={fieldClass}
          onChange={(event) => {
            setPicked(event.target.value);
            void database.meta.put({ key: META.contributeTerminal, value: event.target.value, updatedAt: Date.now() });
          }}
        >
          {QUEUE_TERMINAL_IDS.map((id) => (
            <option key={id} value={id}>
              {terminalById(id)?.name}
            </option>
          ))}
        </select>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h3">Photo Car Counter</CardTitle>
          <CardDescription>
            Count the cars in your lane: 10 points, up to 25 when your count matches the cameras.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <PhotoCounter database={database} terminal={terminal} />
          <MyPhotos database={database} />
        </CardContent>
      </Card>
      <OtherWaysToHelp database={database} terminal={terminal} />
      <RecentContributions database={database} />
    </div>
  );
}

export function ContributionsPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const online = useConnectivityStore((state) => state.online);
  // A write the flusher or the service worker delivered later also changes balance, ranks and lists.
  const delivered = useLiveQuery(
    async () =>
      (await database.photoContributions.where('syncState').equals('sent').count()) +
      (await database.contributionWrites.filter((row) => row.syncState === 'sent').count()),
    [database],
  );
  useEffect(() => {
    if (online) void refreshAfterWrite(database);
  }, [database, online, delivered]);
  return (
    <div className="flex flex-col gap-4 pb-6">
      <PageHeader title="Community Contributions" />
      <Tabs defaultValue="contribute" className="px-4">
        <TabsList aria-label="Community Contributions">
          <TabsTrigger value="contribute" style={TWO_BY_TWO}>
            Contribute
          </TabsTrigger>
          <TabsTrigger value="challenges" style={TWO_BY_TWO}>
            Challenges
          </TabsTrigger>
          <TabsTrigger value="rewards" style={TWO_BY_TWO}>
            Rewards
          </TabsTrigger>
          <TabsTrigger value="community" style={TWO_BY_TWO}>
            Community
          </TabsTrigger>
        </TabsList>
        <TabsContent value="contribute">
          <ContributeTab database={database} />
        </TabsContent>
        <TabsContent value="challenges">
          <ChallengesTab database={database} />
        </TabsContent>
        <TabsContent value="rewards">
          <RewardsTab database={database} />
        </TabsContent>
        <TabsContent value="community">
          <CommunityTab database={database} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
