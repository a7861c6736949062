/**
 * Sign Out for every rider (rider-core §2 Profile). A rider with a passkey signs out at once and can
 * sign in again anywhere. A rider without one first sees what signing out would lose — the account
 * lives only in this browser's cookie, so its points, membership, stickers and history, and any
 * writes not yet sent, would be gone for good — with "Add a Passkey" offered first and "Sign Out
 * Anyway" second. (docs/DESIGN.md, "Every departure from the spec": the spec shows Sign Out with no account model.)
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { LogOut } from 'lucide-react';
import { useState } from 'react';

import type { DeckhandDB } from '@/data/db';
import { membershipLabel, type RiderProfile } from '@/domain/membership';
import { ApiError } from '@/lib/api-client';
import { passkeysSupported } from '@/lib/passkeys';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';

import { signOut } from './sign-out';
import { useAddPasskey } from './use-add-passkey';

/** What a rider without a passkey would lose, in the words the warning shows. */
export function signOutLosses(profile: RiderProfile, unsent: number): string[] {
  const losses = [
    `your ${profile.rewardPointsBalance ?? 0} reward points and contribution score of ${profile.contributionScore ?? 0}`,
  ];
  if (profile.membershipType !== 'free') losses.push(`your ${membershipLabel(profile.membershipType)} membership`);
  if ((profile.stickers ?? []).length > 0)
    losses.push(`your ${profile.stickers!.length} ${profile.stickers!.length === 1 ? 'sticker' : 'stickers'}`);
  losses.push('your orders, timers, passes, requests and notifications');
  if (unsent > 0) losses.push(`${unsent} ${unsent === 1 ? 'change' : 'changes'} not yet sent to the server`);
  return losses;
}

export function SignOutSection({ profile, database }: { profile: RiderProfile | null; database: DeckhandDB }) {
  const [signingOut, setSigningOut] = useState(false);
  const [warning, setWarning] = useState(false);
  const { busy, add } = useAddPasskey(database);
  const unsent = useLiveQuery(() => database.outbox.count(), [database]) ?? 0;
  const hasPasskey = profile?.hasPasskey ?? false;

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut(database);
      location.assign('/app');
    } catch (error) {
      console.warn('Sign out failed', error);
      toast.error('Could not sign out', {
        description: error instanceof ApiError ? error.userMessage : 'Check your connection and try again.',
      });
      setSigningOut(false);
    }
  }

  async function onAddFirst() {
    if (await add()) setWarning(false);
  }

  return (
    <>
      <Button
        variant="destructive"
        disabled={signingOut}
        onClick={() => (hasPasskey ? void onSignOut() : setWarning(true))}
      >
        <LogOut aria-hidden="true" className="size-5" />
        Sign Out
      </Button>
      <Dialog
        open={warning}
        onOpenChange={setWarning}
        title="Signing out loses this account"
        description="Your account has no passkey: it lives only on this device, and nobody can sign in to it again after you sign out."
        footer={
          <div className="flex flex-col gap-2">
            {passkeysSupported() ? (
              <Button disabled={busy || signingOut} onClick={() => void onAddFirst()}>
                Add a Passkey
              </Button>
            ) : null}
            <Button variant="destructive" disabled={busy || signingOut} onClick={() => void onSignOut()}>
              Sign Out Anyway
            </Button>
            <Button variant="outline" onClick={() => setWarning(false)}>
              Stay Signed In
            </Button>
          </div>
        }
      >
        <p className="text-sm font-medium">You would lose:</p>
        <ul className="list-disc pl-5 text-sm" aria-label="What signing out loses">
          {(profile ? signOutLosses(profile, unsent) : ['everything this device holds for you']).map((loss) => (
            <li key={loss}>{loss}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
