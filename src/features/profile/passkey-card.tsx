/**
 * Keeping the account (DESIGN.md "Accounts that survive a lost phone"): a rider without a passkey is
 * told that their account lives only on this device and offered to add one; a rider with one is told
 * they can sign in elsewhere. Any rider can sign in here with a passkey from another device, which
 * replaces this device's account and its local data with that account's.
 */
import { KeyRound } from 'lucide-react';

import type { DeckhandDB } from '@/data/db';
import { passkeysSupported, signInWithPasskey } from '@/lib/passkeys';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';

import { clearRiderData } from './sign-out';
import { passkeyProblem, useAddPasskey } from './use-add-passkey';

export function PasskeyCard({ hasPasskey, database }: { hasPasskey: boolean; database: DeckhandDB }) {
  const { busy, setBusy, add } = useAddPasskey(database);
  if (!passkeysSupported()) return null;

  async function onSignIn() {
    setBusy(true);
    try {
      await signInWithPasskey();
      // The previous account's local data goes, but not its unsent writes: they are sent as the
      // signed-in rider. Reloading starts every sync afresh for the new account.
      await clearRiderData(database, { keepUnsent: true });
      window.location.reload();
    } catch (error) {
      toast.error('Could not sign in', { description: passkeyProblem(error) });
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="profile-passkey">
      <CardHeader>
        <CardTitle id="profile-passkey" className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5" /> Passkey
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {hasPasskey ? (
          <p>
            Your account is protected by a passkey. Sign in with it on another device to get your profile, points,
            timers and history there.
          </p>
        ) : (
          <>
            <p>
              Your account lives only on this device. Signing out, or losing this phone, would lose it with your points,
              timers and history. Add a passkey first to keep it.
            </p>
            <Button disabled={busy} onClick={() => void add()}>
              Add a Passkey
            </Button>
          </>
        )}
        <Button variant="outline" disabled={busy} onClick={() => void onSignIn()}>
          Sign in with a Passkey
        </Button>
      </CardContent>
    </Card>
  );
}
