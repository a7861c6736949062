/**
 * The photo car counter (rider-core §2 Contribute, §5, §8): take or pick a photo, count the
 * vehicles (0-200), choose the lane. GPS is asked with high accuracy and a 10 s timeout; without a
 * fix the photo goes without coordinates. The photo is saved on the device with its outbox row
 * first, so it survives a dead zone, then sent; the toast says what the server awarded.
 */
import { useId, useRef, useState, type FormEvent } from 'react';

import { queuePhoto } from '@/data/contributions';
import { META, type DeckhandDB } from '@/data/db';
import {
  CONTRIBUTION_GPS_TIMEOUT_MS,
  CONTRIBUTION_PHOTO_MAX_BYTES,
  CONTRIBUTION_TOASTS,
  contributionAnswerSchema,
  earnedText,
  LANES,
  photoProblem,
  VEHICLE_COUNT_MAX,
  VEHICLE_COUNT_MIN,
} from '@/domain/contributions';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Button } from '@/ui/button';
import { fieldClass } from '@/ui/field';

/** The placeholder option's value: never an empty string (rider-core §5), never sent. */
const NO_LANE = 'choose';

function currentFix(): Promise<{ lat: number; lng: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: CONTRIBUTION_GPS_TIMEOUT_MS },
    );
  });
}

export function PhotoCounter({ database, terminal }: { database: DeckhandDB; terminal: string }) {
  const photoId = useId();
  const countId = useId();
  const laneId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [count, setCount] = useState('');
  const [lane, setLane] = useState<string>(NO_LANE);
  const [saving, setSaving] = useState(false);

  function pick(file: File | undefined) {
    if (file && file.size > CONTRIBUTION_PHOTO_MAX_BYTES) {
      toast.error(CONTRIBUTION_TOASTS.tooLarge.title, { description: CONTRIBUTION_TOASTS.tooLarge.description });
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhoto(file ?? null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const vehicleCount = count.trim() === '' ? null : Number(count);
    const problem = photoProblem({ photo, vehicleCount, lane: lane === NO_LANE ? '' : lane });
    if (problem) {
      const text = CONTRIBUTION_TOASTS[problem];
      toast.error(text.title, { description: text.description });
      return;
    }
    setSaving(true);
    let localId: string;
    try {
      const gps = await currentFix();
      const shareData = (await database.meta.get(META.queueShareData))?.value !== false;
      localId = (
        await queuePhoto(database, { terminal, lane, vehicleCount: vehicleCount!, photo: photo!, gps, shareData })
      ).localId;
      setPhoto(null);
      setCount('');
      setLane(NO_LANE);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      console.warn('The photo could not be saved on this device', error);
      toast.error(CONTRIBUTION_TOASTS.uploadFailed.title, {
        description: CONTRIBUTION_TOASTS.uploadFailed.description,
      });
      return;
    } finally {
      setSaving(false);
    }
    const outcome = await sendQueued(database, database.photoContributions, localId);
    if (outcome.state === 'sent') {
      const answer = contributionAnswerSchema.safeParse(outcome.answer);
      toast.success(CONTRIBUTION_TOASTS.submitted.title, {
        description: answer.success ? earnedText(answer.data.rewardPointsEarned, answer.data.note) : earnedText(null),
      });
    } else if (outcome.state === 'failed') {
      // The server's reason in words ("Your phone's location is at …"), else the spec's text.
      toast.error(CONTRIBUTION_TOASTS.uploadFailed.title, {
        description: outcome.reason || CONTRIBUTION_TOASTS.uploadFailed.description,
      });
    } else {
      toast(CONTRIBUTION_TOASTS.queued.title, { description: CONTRIBUTION_TOASTS.queued.description });
    }
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={photoId} className="text-sm font-medium">
          Photo of the lane
        </label>
        <input
          ref={fileInput}
          id={photoId}
          type="file"
          accept="image/*"
          capture="environment"
          className="text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-border file:bg-surface file:px-3"
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={countId} className="text-sm font-medium">
            Vehicles counted
          </label>
          <input
            id={countId}
            type="number"
            inputMode="numeric"
            min={VEHICLE_COUNT_MIN}
            max={VEHICLE_COUNT_MAX}
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={laneId} className="text-sm font-medium">
            Lane
          </label>
          <select id={laneId} value={lane} onChange={(event) => setLane(event.target.value)} className={fieldClass}>
            <option value={NO_LANE} disabled>
              Choose a lane
            </option>
            {LANES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Submit Photo'}
      </Button>
    </form>
  );
}
