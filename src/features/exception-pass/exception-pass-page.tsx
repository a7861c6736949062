/**
 * Emergency Exception Pass (membership §2, §3, §4, §5, §8). Members (premium, ninja / premium_plus,
 * contributor — the gate the server enforces) get the request form and their passes; everyone else
 * an upsell. Everything renders from the device's store: a request made offline waits in the outbox
 * (it says "queued", and "Exception Pass Submitted" only once the server has it),
 * and an approved pass's QR code shows without a connection.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { confirmQueuedPasses, pullPasses } from '@/data/exception-passes';
import { useTrialOffer } from '@/data/trials';
import { useRiderProfile } from '@/data/use-rider-profile';
import { EXCEPTION_PASS_POLL_MS } from '@/domain/constants';
import { PASS_TEXT } from '@/domain/exception-pass';
import { canUseMemberPerks } from '@/domain/membership';
import { toast } from '@/lib/toast';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { PageHeader } from '@/ui/page-header';
import { UpsellCard } from '@/ui/upsell-card';

import { PassForm } from './pass-form';
import { PassList } from './pass-list';

/** A request sent after the rider was told it was queued: "Exception Pass Submitted" once the server has it. */
function useQueuedPassConfirmations(database: DeckhandDB) {
  const settled = useLiveQuery(
    () =>
      database.exceptionPasses.filter((row) => row.awaitingConfirmation === true && row.syncState !== 'queued').count(),
    [database],
  );
  useEffect(() => {
    if (!settled) return;
    void confirmQueuedPasses(database).then((rows) => {
      for (const row of rows) {
        if (row.syncState === 'sent')
          toast.success(PASS_TEXT.submittedTitle, { description: PASS_TEXT.submittedMessage });
        else toast.error(PASS_TEXT.failedTitle, { description: PASS_TEXT.failedMessage });
      }
    });
  }, [database, settled]);
}

function usePassRefresh(database: DeckhandDB, enabled: boolean) {
  const online = useConnectivityStore((s) => s.online);
  useEffect(() => {
    if (!enabled || !online) return;
    const refresh = () =>
      void pullPasses(database).catch((error: unknown) => console.warn('Could not refresh passes', error));
    refresh();
    const timer = setInterval(refresh, EXCEPTION_PASS_POLL_MS);
    return () => clearInterval(timer);
  }, [database, enabled, online]);
}

export function ExceptionPassPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const profile = useRiderProfile(database);
  const trial = useTrialOffer(database, 'premium');
  const member = canUseMemberPerks(profile?.membershipType);
  usePassRefresh(database, member);
  useQueuedPassConfirmations(database);
  return (
    <>
      <PageHeader title="Emergency Exception Pass" />
      <div className="flex flex-col gap-4 px-4 pb-6">
        {profile === undefined ? null : member ? (
          <>
            <PassForm database={database} />
            <PassList database={database} />
          </>
        ) : (
          <UpsellCard
            id="pass-upsell"
            title="Exception Passes for Members"
            description="Premium, Ninja and Contributor members can request a priority pass for medical, emergency, caregiving or work-critical travel."
            upgradeLabel="Upgrade to Premium - $4.99/month"
            trial={trial}
          />
        )}
      </div>
    </>
  );
}
