/**
 * Settings (membership §2 Settings, §3, §5, §8, §9): Account Information (username read-only, car
 * and phone number editable and validated, '{type} Member' and 'Community Contributor' badges),
 * Animal Travel Preferences, the pet guidelines while travelling with animals, and Notification
 * Preferences — which, unlike the spec's client, are saved and honoured by the server — and the
 * channels alerts reach the rider on, each said live or not (./alert-channels.tsx), and the
 * rider's pseudonymous leaderboard name (its own write, shared with the Community tab).
 *
 * Save writes everything through the outbox (src/data/profile.ts): the button reads
 * 'Saving...' while the write is being sent; success toasts 'Preferences Updated' and refetches the
 * profile; a refusal toasts 'Update Failed'. Offline the change is kept on the device and sent later.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { db as defaultDatabase, type DeckhandDB } from '@/data/db';
import { pullProfile, saveSettings } from '@/data/profile';
import { useRiderProfile } from '@/data/use-rider-profile';
import { membershipLabel, trialDaysLeft, type RiderProfile } from '@/domain/membership';
import {
  alertTimingSchema,
  DEFAULT_ALERT_TIMING,
  DIGEST_HOUR,
  QUIET_HOURS_TRIP_WINDOW_MINUTES,
  quietHoursText,
} from '@/domain/quiet-hours';
import {
  ANIMAL_COUNT_MAX,
  ANIMAL_TYPES,
  carNumberProblem,
  PET_GUIDELINES,
  phoneNumberProblem,
  SPECIAL_NEEDS_MAX_LENGTH,
  type AnimalType,
} from '@/domain/settings';
import { toast } from '@/lib/toast';
import { flushNow } from '@/sync/flush-now';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { LeaderboardNameForm } from '@/ui/leaderboard-name-form';
import { PageHeader } from '@/ui/page-header';
import { Switch } from '@/ui/switch';
import { useEdited } from '@/ui/use-edited';
import { useNow } from '@/ui/use-now';

import { AlertChannels } from './alert-channels';

const ANIMAL_LABELS: Record<AnimalType, string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  ferret: 'Ferret',
  hamster: 'Hamster',
  other: 'Other',
};

export function SettingsPage({ database = defaultDatabase }: { database?: DeckhandDB }) {
  const profile = useRiderProfile(database);
  return (
    <>
      <PageHeader title="Settings" />
      <p className="px-4 pb-2 text-sm">
        <Link to="../data-sources" relative="path" className="underline underline-offset-2">
          Data sources
        </Link>
        : where Deckhand's ferry figures come from
      </p>
      {profile === undefined ? null : profile === null ? (
        <p className="px-4 text-muted-foreground">Your settings appear once Deckhand has reached the server.</p>
      ) : (
        // Not keyed by the rider: a guest's cached profile becomes their account's when the session
        // pull answers, often while the form is open; what they typed and a save under way stay.
        <SettingsForm profile={profile} database={database} />
      )}
    </>
  );
}

function SettingsForm({ profile, database }: { profile: RiderProfile; database: DeckhandDB }) {
  const [carNumber, setCarNumber] = useEdited(profile.carNumber ?? '');
  const [phoneNumber, setPhoneNumber] = useEdited(profile.phoneNumber ?? '');
  const [travelingWithAnimals, setTraveling] = useEdited(profile.travelingWithAnimals ?? false);
  const [animalTypes, setAnimalTypes] = useEdited<AnimalType[]>(
    (profile.animalTypes ?? []).filter((t): t is AnimalType => (ANIMAL_TYPES as readonly string[]).includes(t)),
  );
  const [animalCount, setAnimalCount] = useEdited(String(profile.animalCount ?? 0));
  const [prefersPetArea, setPetArea] = useEdited(profile.prefersPetArea ?? false);
  const [prefersStayInVehicle, setStayInVehicle] = useEdited(profile.prefersStayInVehicle ?? true);
  const [specialAnimalNeeds, setNeeds] = useEdited(profile.specialAnimalNeeds ?? '');
  const [notifyQueueUpdates, setQueueUpdates] = useEdited(profile.notifyQueueUpdates ?? true);
  const [notifyBoardingAlerts, setBoardingAlerts] = useEdited(profile.notifyBoardingAlerts ?? true);
  const [notifyAnimalReminders, setAnimalReminders] = useEdited(profile.notifyAnimalReminders ?? true);
  const [quietHoursEnabled, setQuietHours] = useEdited(
    profile.quietHoursEnabled ?? DEFAULT_ALERT_TIMING.quietHoursEnabled,
  );
  const [quietHoursStart, setQuietStart] = useEdited(profile.quietHoursStart ?? DEFAULT_ALERT_TIMING.quietHoursStart);
  const [quietHoursEnd, setQuietEnd] = useEdited(profile.quietHoursEnd ?? DEFAULT_ALERT_TIMING.quietHoursEnd);
  const [dailyDigest, setDailyDigest] = useEdited(profile.dailyDigest ?? DEFAULT_ALERT_TIMING.dailyDigest);
  const [saving, setSaving] = useState(false);

  const carProblem = carNumberProblem(carNumber);
  const phoneProblem = phoneNumberProblem(phoneNumber);
  const count = Number(animalCount);
  const timing = { quietHoursEnabled, quietHoursStart, quietHoursEnd, dailyDigest };
  const quietProblem = alertTimingSchema.safeParse(timing).success ? null : 'Quiet hours: give a start and an end time';
  const countProblem =
    Number.isInteger(count) && count >= 0 && count <= ANIMAL_COUNT_MAX
      ? null
      : `Number of animals: 0 to ${ANIMAL_COUNT_MAX}`;
  const now = useNow(60_000);
  const daysLeft = trialDaysLeft(profile.premiumExpiresAt, now);
  const isContributor = profile.membershipType === 'contributor';

  function toggleType(type: AnimalType, on: boolean) {
    const others = animalTypes.filter((t) => t !== type);
    setAnimalTypes(on ? [...others, type] : others);
  }

  async function onSave() {
    const problem = carProblem ?? phoneProblem ?? countProblem ?? quietProblem;
    if (problem) {
      toast.error('Check your details', { description: problem });
      return;
    }
    setSaving(true);
    try {
      const changes: Parameters<typeof saveSettings>[1] = {
        'animal-preferences': {
          travelingWithAnimals,
          animalTypes: travelingWithAnimals ? animalTypes : [],
          animalCount: travelingWithAnimals ? count : 0,
          prefersPetArea,
          prefersStayInVehicle,
          specialAnimalNeeds: specialAnimalNeeds.trim(),
          notifyQueueUpdates,
          notifyBoardingAlerts,
          notifyAnimalReminders,
          ...timing,
        },
      };
      if (carNumber.trim() !== (profile.carNumber ?? '') || phoneNumber.trim() !== (profile.phoneNumber ?? '')) {
        changes.account = { carNumber: carNumber.trim() || null, phoneNumber: phoneNumber.trim() || null };
      }
      const kinds = await saveSettings(database, changes);
      await flushNow(database);
      const rows = await database.settingsWrites.bulkGet(kinds);
      const failed = rows.find((row) => row?.syncState === 'failed');
      if (failed) {
        toast.error('Update Failed', { description: 'Failed to save your preferences. Please try again.' });
      } else if (rows.every((row) => !row || row.syncState === 'sent')) {
        // A missing row was sent and already folded into a fresher profile pull (storeProfile drops it).
        await pullProfile(database).catch(() => undefined);
        toast.success('Preferences Updated', { description: 'Your settings have been saved.' });
      } else {
        toast('Saved on this device', { description: 'Your preferences will be sent when you are back online.' });
      }
    } catch (error) {
      console.warn('Saving settings failed', error);
      toast.error('Update Failed', { description: 'Failed to save your preferences. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 px-4 pb-6">
      <Card aria-labelledby="settings-account">
        <CardHeader>
          <CardTitle id="settings-account">Account Information</CardTitle>
          <div className="flex flex-wrap gap-2">
            <Badge>{membershipLabel(profile.membershipType)} Member</Badge>
            {isContributor ? <Badge variant="secondary">Community Contributor</Badge> : null}
            {daysLeft > 0 ? (
              <Badge variant="outline">
                Trial: {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left
              </Badge>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 font-medium">
            Username
            <input className={`${fieldClass} bg-secondary`} value={profile.username} readOnly />
          </label>
          <label className="flex flex-col gap-1 font-medium">
            Car Number
            <input
              className={fieldClass}
              value={carNumber}
              autoComplete="off"
              aria-invalid={carProblem ? true : undefined}
              aria-describedby={carProblem ? 'car-number-problem' : undefined}
              onChange={(e) => setCarNumber(e.target.value)}
            />
          </label>
          {carProblem ? (
            <p id="car-number-problem" className="text-sm text-destructive">
              {carProblem}
            </p>
          ) : null}
          <label className="flex flex-col gap-1 font-medium">
            Phone Number
            <input
              className={fieldClass}
              type="tel"
              value={phoneNumber}
              autoComplete="tel"
              aria-invalid={phoneProblem ? true : undefined}
              aria-describedby={phoneProblem ? 'phone-number-problem' : undefined}
              onChange={(e) => setPhoneNumber(e.target.value)}
            />
          </label>
          {phoneProblem ? (
            <p id="phone-number-problem" className="text-sm text-destructive">
              {phoneProblem}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card aria-labelledby="settings-animals">
        <CardHeader>
          <CardTitle id="settings-animals">Animal Travel Preferences</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Switch label="Traveling with animals" checked={travelingWithAnimals} onCheckedChange={setTraveling} />
          {travelingWithAnimals ? (
            <>
              <fieldset className="flex flex-col gap-1">
                <legend className="mb-1 font-medium">Animal types</legend>
                <div className="grid grid-cols-2 gap-1">
                  {ANIMAL_TYPES.map((type) => (
                    <label key={type} className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-5"
                        checked={animalTypes.includes(type)}
                        onChange={(e) => toggleType(type, e.target.checked)}
                      />
                      {ANIMAL_LABELS[type]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <label className="flex flex-col gap-1 font-medium">
                Number of animals
                <input
                  className={fieldClass}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={ANIMAL_COUNT_MAX}
                  value={animalCount}
                  aria-invalid={countProblem ? true : undefined}
                  onChange={(e) => setAnimalCount(e.target.value)}
                />
              </label>
              {countProblem ? <p className="text-sm text-destructive">{countProblem}</p> : null}
            </>
          ) : null}
          <Switch label="Prefer the pet area" checked={prefersPetArea} onCheckedChange={setPetArea} />
          <Switch
            label="Prefer to stay in my vehicle"
            checked={prefersStayInVehicle}
            onCheckedChange={setStayInVehicle}
          />
          <label className="flex flex-col gap-1 font-medium">
            Special animal needs
            <textarea
              className={`${fieldClass} min-h-20 py-2`}
              maxLength={SPECIAL_NEEDS_MAX_LENGTH}
              value={specialAnimalNeeds}
              onChange={(e) => setNeeds(e.target.value)}
            />
          </label>
        </CardContent>
      </Card>

      {travelingWithAnimals ? (
        <Card aria-labelledby="settings-guidelines">
          <CardHeader>
            <CardTitle id="settings-guidelines">Pet Travel Guidelines</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc pl-5 text-sm">
              <li>{PET_GUIDELINES.leash}</li>
              <li>{PET_GUIDELINES.travelFree}</li>
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <Card aria-labelledby="settings-notifications">
        <CardHeader>
          <CardTitle id="settings-notifications">Notification Preferences</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-1">
          <Switch label="Queue position updates" checked={notifyQueueUpdates} onCheckedChange={setQueueUpdates} />
          <Switch label="Boarding alerts" checked={notifyBoardingAlerts} onCheckedChange={setBoardingAlerts} />
          {travelingWithAnimals ? (
            <Switch label="Animal reminders" checked={notifyAnimalReminders} onCheckedChange={setAnimalReminders} />
          ) : null}
          <Switch label="Quiet hours" checked={quietHoursEnabled} onCheckedChange={setQuietHours} />
          {quietHoursEnabled ? (
            <div className="flex gap-3">
              <label className="flex flex-1 flex-col gap-1 font-medium">
                Quiet hours start
                <input
                  type="time"
                  className={fieldClass}
                  value={quietHoursStart}
                  onChange={(e) => setQuietStart(e.target.value)}
                />
              </label>
              <label className="flex flex-1 flex-col gap-1 font-medium">
                Quiet hours end
                <input
                  type="time"
                  className={fieldClass}
                  value={quietHoursEnd}
                  onChange={(e) => setQuietEnd(e.target.value)}
                />
              </label>
            </div>
          ) : null}
          <p className="text-sm text-muted-foreground">
            {quietHoursEnabled
              ? quietHoursText(timing)
              : `Quiet hours hold alerts overnight and send them when they end; never in the last ${QUIET_HOURS_TRIP_WINDOW_MINUTES / 60} hours before your sailing.`}
          </p>
          <Switch label="Daily digest" checked={dailyDigest} onCheckedChange={setDailyDigest} />
          <p className="text-sm text-muted-foreground">
            At {DIGEST_HOUR - 12}:00 pm, the next day&apos;s risk for your planned sailings: weather and cancellations.
          </p>
          <AlertChannels database={database} phoneNumber={profile?.phoneNumber} />
        </CardContent>
      </Card>

      <Button disabled={saving} onClick={() => void onSave()}>
        {saving ? 'Saving...' : 'Save Preferences'}
      </Button>

      <Card aria-labelledby="settings-leaderboard">
        <CardHeader>
          <CardTitle id="settings-leaderboard">Leaderboard Name</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">
            The Community leaderboard shows this name, never your username.
          </p>
          <LeaderboardNameForm database={database} />
        </CardContent>
      </Card>
    </div>
  );
}
