/**
 * Photo verification (rider-core §2, §4, §8): the rider picks a photo of the lane and confirms their
 * position; the server checks the photo is a real image under 10 MB and the position is plausible.
 * The position is refetched VERIFICATION_REFETCH_MS later (a verified one then shows "99% accuracy");
 * an unverified photo shows "Position could not be verified from this photo".
 */
import { Camera } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

import type { DeckhandDB } from '@/data/db';
import { PHOTO_MAX_BYTES, PHOTO_NOT_VERIFIED_TEXT } from '@/domain/queue-api';
import { VERIFICATION_REFETCH_MS } from '@/domain/queue-estimate';
import type { QueuePosition } from '@/domain/queue-position';
import { ApiError, NetworkError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

import { readAsDataUrl, refreshPosition, verifyPhoto } from './queue-sync';

type Outcome = { verified: true } | { verified: false; reason: string };

export function PhotoVerification({ database, position }: { database: DeckhandDB; position: QueuePosition | null }) {
  const fileId = useId();
  const positionId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reported, setReported] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const reportedPosition = Number(reported || position?.positionInQueue);
    if (!file || !Number.isInteger(reportedPosition) || reportedPosition < 1) return;
    if (file.size > PHOTO_MAX_BYTES) {
      setOutcome({ verified: false, reason: 'Please select an image under 10MB.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await verifyPhoto(database, await readAsDataUrl(file), reportedPosition);
      setOutcome(result.verified ? { verified: true } : { verified: false, reason: result.message });
      setTimeout(() => {
        refreshPosition(database).catch((error: unknown) => console.warn('Queue position refresh failed', error));
      }, VERIFICATION_REFETCH_MS);
    } catch (error) {
      const reason =
        error instanceof ApiError
          ? error.userMessage
          : error instanceof NetworkError
            ? 'You are offline; try again when connected.'
            : '';
      setOutcome({ verified: false, reason });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="flex flex-col gap-2 rounded-md border border-border p-3" onSubmit={(e) => void submit(e)}>
      <h3 className="text-sm font-semibold">Verify with a photo</h3>
      <label htmlFor={fileId} className="text-sm">
        Photo of your lane
      </label>
      <input
        id={fileId}
        ref={fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="min-h-11 text-sm"
        required
      />
      <label htmlFor={positionId} className="text-sm">
        Your position in the photo
      </label>
      <input
        id={positionId}
        type="number"
        inputMode="numeric"
        min={1}
        max={5000}
        placeholder={position ? String(position.positionInQueue) : ''}
        value={reported}
        onChange={(e) => setReported(e.target.value)}
        className={fieldClass}
      />
      <Button type="submit" variant="secondary" disabled={busy || (!position && !reported)}>
        <Camera aria-hidden="true" className="size-5" />
        {busy ? 'Verifying...' : 'Verify Position'}
      </Button>
      <div role="status" className="text-sm">
        {outcome?.verified ? <p className="font-medium text-success">Position verified from your photo.</p> : null}
        {outcome && !outcome.verified ? (
          <>
            <p className="font-medium text-destructive">{PHOTO_NOT_VERIFIED_TEXT}</p>
            {outcome.reason ? <p className="text-muted-foreground">{outcome.reason}</p> : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
