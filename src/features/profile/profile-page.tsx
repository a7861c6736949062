/**
 * Profile (rider-core §2 "Profile page"; DESIGN.md: real data instead of placeholders): the rider's
 * card (username, membership, contributor badge by contributionScore), vehicle (carNumber or "Not
 * set"), phone, notification settings (the Peace of Mind Alerts switch as set on this device, and
 * the browser's notification permission), the digital stickers claimed with points, and Sign Out (./sign-out-section.tsx: without a passkey it
 * first says what signing out would lose and offers a passkey). Everything is read from the cached profile
 * (META.userProfile) and Dexie, so the page renders offline; Sign Out needs the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Bell, CarFront, Phone, UserRound } from 'lucide-react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { pushPermission, type PushPermission } from '@/data/push-subscription';
import { contributorBadge, membershipLabel, riderProfileSchema } from '@/domain/membership';
import { Badge } from '@/ui/badge';
import { buttonVariants } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { PageHeader } from '@/ui/page-header';

import { MembershipSection } from './membership-section';
import { PasskeyCard } from './passkey-card';
import { SignOutSection } from './sign-out-section';
import { StickerCard } from './sticker-card';

const PERMISSION_TEXT: Record<PushPermission, string> = {
  granted: 'Allowed',
  denied: 'Blocked in browser settings',
  default: 'Not asked yet',
  unsupported: 'Not supported on this device',
};

export function ProfilePage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const local = useLiveQuery(async () => {
    const [profile, alerts] = await Promise.all([
      database.meta.get(META.userProfile),
      database.meta.get(META.alertsEnabled),
    ]);
    const parsed = riderProfileSchema.safeParse(profile?.value);
    return { profile: parsed.success ? parsed.data : null, alertsEnabled: alerts?.value !== false };
  }, [database]);
  const profile = local?.profile ?? null;

  return (
    <>
      <PageHeader title="Profile" />
      <div className="flex flex-col gap-4 px-4">
        {local === undefined ? null : profile ? (
          <>
            <Card aria-labelledby="profile-user">
              <CardHeader className="flex-row items-center gap-3">
                <UserRound aria-hidden="true" className="size-10 rounded-full bg-secondary p-2 text-primary" />
                <div>
                  <CardTitle id="profile-user">{profile.username}</CardTitle>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <Badge>{membershipLabel(profile.membershipType)} Member</Badge>
                    {profile.membershipType === 'contributor' ? (
                      <Badge variant="secondary">Community Contributor</Badge>
                    ) : null}
                    <Badge variant="secondary">{contributorBadge(profile.contributionScore)}</Badge>
                  </div>
                </div>
              </CardHeader>
              <CardContent className="flex flex-col gap-1 text-sm text-muted-foreground">
                <span>Contribution score: {profile.contributionScore ?? 0}</span>
                <span>Reward points: {profile.rewardPointsBalance ?? 0}</span>
              </CardContent>
            </Card>
            <StickerCard stickers={profile.stickers ?? []} />
            <MembershipSection profile={profile} database={database} />
            <PasskeyCard hasPasskey={profile.hasPasskey ?? false} database={database} />
            <Card aria-labelledby="profile-vehicle">
              <CardHeader>
                <CardTitle id="profile-vehicle" className="flex items-center gap-2">
                  <CarFront aria-hidden="true" className="size-5" /> Vehicle
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p>
                  <span className="text-muted-foreground">Car number: </span>
                  {profile.carNumber || 'Not set'}
                </p>
              </CardContent>
            </Card>
            <Card aria-labelledby="profile-phone">
              <CardHeader>
                <CardTitle id="profile-phone" className="flex items-center gap-2">
                  <Phone aria-hidden="true" className="size-5" /> Phone
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p>{profile.phoneNumber || 'Not set'}</p>
              </CardContent>
            </Card>
          </>
        ) : (
          <p className="text-muted-foreground">Your profile appears once Deckhand has reached the server.</p>
        )}
        <Card aria-labelledby="profile-notifications">
          <CardHeader>
            <CardTitle id="profile-notifications" className="flex items-center gap-2">
              <Bell aria-hidden="true" className="size-5" /> Notification Settings
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Peace of Mind Alerts</dt>
              <dd data-testid="profile-alerts">{local?.alertsEnabled === false ? 'Off' : 'On'}</dd>
              <dt className="text-muted-foreground">Notifications</dt>
              <dd>{PERMISSION_TEXT[pushPermission()]}</dd>
            </dl>
          </CardContent>
        </Card>
        <Link to="../settings" relative="path" className={buttonVariants({ variant: 'outline' })}>
          Edit in Settings
        </Link>
        {profile ? <SignOutSection profile={profile} database={database} /> : null}
      </div>
    </>
  );
}
