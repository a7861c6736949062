/**
 * Membership cards on home (rider-core §2, §6): exactly the cards for the cached profile's
 * membershipType (src/domain/membership.ts). Nothing shows until a profile is cached (first run
 * offline): guessing a tier would show the wrong offer. The Ninja upsell offers its 7-day free trial.
 * The Ninja card says it is watching only while a request is being watched; before any, it says none is.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { useTrialOffer } from '@/data/trials';
import { membershipCardsFor, riderProfileSchema, type MembershipCardId } from '@/domain/membership';
import { buttonVariants } from '@/ui/button';
import { Card } from '@/ui/card';
import { TrialOfferButton } from '@/ui/trial-offer-button';

const DESCRIPTIONS: Record<MembershipCardId, string> = {
  'ninja-active': 'We are watching for cancelled reservations on your routes.',
  'ninja-upgrade': 'Let Deckhand grab cancelled reservations for you.',
  'exception-pass': 'Travelling for an emergency? Ask for priority boarding.',
};

export function MembershipCards({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const membershipType = useLiveQuery(async () => {
    const parsed = riderProfileSchema.safeParse((await database.meta.get(META.userProfile))?.value);
    return parsed.success ? parsed.data.membershipType : null;
  }, [database]);
  const ninjaTrial = useTrialOffer(database, 'ninja');
  const watching = useLiveQuery(
    async () => (await database.ninjaRequests.toArray()).filter((r) => r.status === 'active').length,
    [database],
  );
  const cards = membershipCardsFor(membershipType ?? undefined);
  if (cards.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {cards.map((card) => (
        <Card key={card.id} aria-labelledby={`membership-${card.id}`} className="flex flex-col gap-3 p-4">
          <div className="flex items-center justify-between gap-3">
            <div>
              <h2 id={`membership-${card.id}`} className="font-semibold">
                {card.title}
              </h2>
              <p className="text-sm text-muted-foreground">
                {card.id === 'ninja-active' && watching === 0
                  ? 'No route is being watched yet: set up a request to start.'
                  : DESCRIPTIONS[card.id]}
              </p>
            </div>
            <Link to={card.to} className={buttonVariants({ size: 'sm', className: 'shrink-0' })}>
              {card.actionText}
            </Link>
          </div>
          {card.id === 'ninja-upgrade' && ninjaTrial ? <TrialOfferButton offer={ninjaTrial} /> : null}
        </Card>
      ))}
    </div>
  );
}
