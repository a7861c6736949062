/**
 * Ninja Booking (membership §2, §6): header with a Beta badge; an upgrade banner for riders who are
 * neither ninja (Premium Plus) nor contributor; for those who are, Active Ninja Requests and the Set
 * Up form (the server enforces the same gate); then 'How Ninja Booking Works' and pricing.
 * The list reads Dexie; it is pulled from the server when the page opens online.
 */
import { useEffect } from 'react';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { pullNinjaRequests } from '@/data/ninja-requests';
import { useServices } from '@/data/services';
import { useTrialOffer } from '@/data/trials';
import { useRiderProfile } from '@/data/use-rider-profile';
import { canUseNinjaBooking } from '@/domain/membership';
import { NINJA_LIST_REFRESH_MS } from '@/domain/ninja';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { Badge } from '@/ui/badge';
import { PageHeader } from '@/ui/page-header';
import { UpsellCard } from '@/ui/upsell-card';

import { NinjaHowItWorks } from './ninja-how-it-works';
import { NinjaRequestForm } from './ninja-request-form';
import { NinjaRequestList } from './ninja-request-list';

export function NinjaPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const profile = useRiderProfile(database);
  const trial = useTrialOffer(database, 'ninja');
  const online = useConnectivityStore((s) => s.online);
  const member = canUseNinjaBooking(profile?.membershipType);
  const services = useServices(database);

  useEffect(() => {
    if (!member || !online) return;
    const pull = () =>
      pullNinjaRequests(database).catch((error: unknown) => console.warn('Ninja request pull failed', error));
    void pull();
    const timer = setInterval(pull, NINJA_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [database, member, online]);

  return (
    <>
      <PageHeader title="Ninja Booking" actions={<Badge variant="warning">Beta</Badge>} />
      <div className="flex flex-col gap-4 px-4 pb-6">
        {profile === undefined ? null : member ? (
          <>
            <NinjaRequestList database={database} services={services} />
            <NinjaRequestForm database={database} />
          </>
        ) : (
          <UpsellCard
            id="ninja-upgrade"
            title="Upgrade to Ninja Booking"
            description="Ninja Booking is for Ninja (Premium Plus) members and Community Contributors. Upgrade to have Deckhand watch sold-out sailings for cancelled reservations and alert you the moment a space opens."
            upgradeLabel="Upgrade to Premium Plus - $11.99/month"
            trial={trial}
          />
        )}
        <NinjaHowItWorks services={services} />
      </div>
    </>
  );
}
