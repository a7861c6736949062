/** Adding a passkey to this rider's account, from the passkey card or the Sign Out warning. */
import { useState } from 'react';

import type { DeckhandDB } from '@/data/db';
import { pullProfile } from '@/data/profile';
import { ApiError } from '@/lib/api-client';
import { addPasskey } from '@/lib/passkeys';
import { toast } from '@/lib/toast';

export function passkeyProblem(error: unknown): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof Error && error.name === 'NotAllowedError') return 'The passkey request was cancelled.';
  return 'Check your connection and try again.';
}

/** `add()` answers whether the passkey was added (the profile is pulled again, so hasPasskey updates). */
export function useAddPasskey(database: DeckhandDB): {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  add: () => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  async function add(): Promise<boolean> {
    setBusy(true);
    try {
      await addPasskey();
      await pullProfile(database);
      toast.success('Passkey added', { description: 'You can now sign in to this account on another device.' });
      return true;
    } catch (error) {
      toast.error('Could not add a passkey', { description: passkeyProblem(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, setBusy, add };
}
