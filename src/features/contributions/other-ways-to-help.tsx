/**
 * "Other Ways to Help" (rider-core §2 Contribute): Report Wait Time +5, Ferry Capacity Check +7,
 * Validate Photos +3, Amenity Status +3. Each opens a short dialog; the answer is saved with its
 * outbox row and sent like every rider write. The server awards the points and enforces the limits
 * (one report per terminal per 10 minutes, the daily cap), whose messages are shown as they come.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type ReactNode } from 'react';

import { queueContribution } from '@/data/contributions';
import { META, type ContributionWriteRow, type DeckhandDB } from '@/data/db';
import { amenitiesAt, amenityLabel } from '@/domain/amenities';
import type { CallInput } from '@/domain/contracts/contract';
import { reportAmenityStatus, reportCapacity, reportWaitTime, validatePhoto } from '@/domain/contracts/contributions';
import {
  AMENITY_STATES,
  CAPACITY_LABELS,
  CAPACITY_LEVELS,
  contributionAnswerSchema,
  earnedText,
  type AmenityState,
  type PhotoToValidate,
} from '@/domain/contributions';
import { terminalById } from '@/domain/terminals';
import { toast } from '@/lib/toast';
import { sendQueued } from '@/sync/send-queued';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldClass } from '@/ui/field';

type HelpKind = 'wait' | 'capacity' | 'validate' | 'amenity';

const HELP_BUTTONS: ReadonlyArray<{ kind: HelpKind; label: string; points: string }> = [
  { kind: 'wait', label: 'Report Wait Time', points: '+5' },
  { kind: 'capacity', label: 'Ferry Capacity Check', points: '+7' },
  { kind: 'validate', label: 'Validate Photos', points: '+3' },
  { kind: 'amenity', label: 'Amenity Status', points: '+3' },
];

const AMENITY_STATE_LABELS: Record<AmenityState, string> = { open: 'Open', closed: 'Closed', busy: 'Busy' };

/** Saves and sends one contribution, then says how it went. Answers true when the server took it. */
type ReportContract = typeof reportWaitTime | typeof reportCapacity | typeof validatePhoto | typeof reportAmenityStatus;

async function send<C extends ReportContract>(
  database: DeckhandDB,
  kind: ContributionWriteRow['kind'],
  subject: string,
  contract: C,
  input: CallInput<C>,
): Promise<boolean> {
  const row = await queueContribution(database, kind, subject, contract, input);
  const outcome = await sendQueued(database, database.contributionWrites, row.localId);
  if (outcome.state === 'sent') {
    const answer = contributionAnswerSchema.safeParse(outcome.answer);
    toast.success('Thanks for helping!', {
      description: answer.success ? earnedText(answer.data.rewardPointsEarned, answer.data.note) : undefined,
    });
    return true;
  }
  if (outcome.state === 'failed') {
    toast.error('Not sent', { description: outcome.reason });
    return false;
  }
  toast('Saved on this device', { description: 'It is sent as soon as you have signal.' });
  return true;
}

function WaitForm({ database, terminal, done }: { database: DeckhandDB; terminal: string; done: () => void }) {
  const id = useId();
  const [minutes, setMinutes] = useState('');
  const value = Number(minutes);
  const valid = minutes.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 600;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void send(database, 'wait_time', terminal, reportWaitTime, { body: { terminal, minutesWaited: value } }).then(
          (ok) => ok && done(),
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Minutes waited so far at {terminalById(terminal)?.name}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={600}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        className={fieldClass}
      />
      <Button type="submit" disabled={!valid}>
        Send Wait Time
      </Button>
    </form>
  );
}

function CapacityForm({ database, terminal, done }: { database: DeckhandDB; terminal: string; done: () => void }) {
  const [level, setLevel] = useState<(typeof CAPACITY_LEVELS)[number] | null>(null);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!level) return;
        void send(database, 'capacity', terminal, reportCapacity, { body: { terminal, level } }).then(
          (ok) => ok && done(),
        );
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">How full is the next sailing at {terminalById(terminal)?.name}?</legend>
        {CAPACITY_LEVELS.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="capacity"
              value={option}
              checked={level === option}
              onChange={() => setLevel(option)}
              className="size-5"
            />
            {CAPACITY_LABELS[option]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={!level}>
        Send Capacity
      </Button>
    </form>
  );
}

function ValidateList({ database }: { database: DeckhandDB }) {
  const photos = useLiveQuery(
    async () => ((await database.meta.get(META.contributionsToValidate))?.value as PhotoToValidate[] | undefined) ?? [],
    [database],
  );
  const answered = useLiveQuery(
    async () =>
      new Set(
        (await database.contributionWrites.where('kind').equals('validation').toArray()).map((row) => row.subject),
      ),
    [database],
  );
  const open = (photos ?? []).filter((p) => !answered?.has(String(p.id)));
  if (open.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No photos from other riders to check right now. Come back later.</p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {open.map((p) => (
        <li key={p.id} className="flex items-center gap-3">
          <img
            src={p.thumbnailUrl}
            alt={`Photo of ${p.lane} at ${terminalById(p.terminal)?.name ?? p.terminal}`}
            className="size-20 rounded object-cover"
          />
          <div className="flex flex-1 flex-col gap-2 text-sm">
            <span>
              {p.vehicleCount} vehicles counted · {p.lane}
            </span>
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() =>
                  void send(database, 'validation', String(p.id), validatePhoto, {
                    body: { photoId: p.id, countIsRight: true },
                  })
                }
              >
                Count is right
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  void send(database, 'validation', String(p.id), validatePhoto, {
                    body: { photoId: p.id, countIsRight: false },
                  })
                }
              >
                Count is wrong
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The amenities of the terminal chosen above (the rider's), each named with its terminal. */
function AmenityList({ database, terminal }: { database: DeckhandDB; terminal: string }) {
  const amenities = useLiveQuery(
    async () => amenitiesAt(await database.amenities.orderBy('order').toArray(), terminal),
    [database, terminal],
  );
  const statuses = useLiveQuery(
    async () =>
      ((await database.meta.get(META.amenityStatuses))?.value as Record<string, { status: string }> | undefined) ?? {},
    [database],
  );
  if (!amenities) return null;
  if (amenities.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No amenities stored for {terminalById(terminal)?.name ?? terminal} yet.
      </p>
    );
  return (
    <ul className="flex flex-col gap-3">
      {amenities.map((amenity) => (
        <li key={amenity.id} className="flex flex-col gap-2">
          <span className="text-sm font-medium">
            {amenityLabel(amenity)}
            {statuses?.[amenity.id] ? ` · now ${statuses[amenity.id]!.status}` : ''}
          </span>
          <div className="flex gap-2" role="group" aria-label={`${amenityLabel(amenity)} status`}>
            {AMENITY_STATES.map((state) => (
              <Button
                key={state}
                size="sm"
                variant={statuses?.[amenity.id]?.status === state ? 'default' : 'outline'}
                onClick={() =>
                  void send(database, 'amenity', amenity.id, reportAmenityStatus, {
                    body: { amenityId: amenity.id, status: state },
                  })
                }
              >
                {AMENITY_STATE_LABELS[state]}
              </Button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function OtherWaysToHelp({ database, terminal }: { database: DeckhandDB; terminal: string }) {
  const [open, setOpen] = useState<HelpKind | null>(null);
  const close = () => setOpen(null);
  const bodies: Record<HelpKind, ReactNode> = {
    wait: <WaitForm database={database} terminal={terminal} done={close} />,
    capacity: <CapacityForm database={database} terminal={terminal} done={close} />,
    validate: <ValidateList database={database} />,
    amenity: <AmenityList database={database} terminal={terminal} />,
  };
  const current = HELP_BUTTONS.find((b) => b.kind === open);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="other-ways-heading">
      <h3 id="other-ways-heading" className="text-sm font-semibold">
        Other Ways to Help
      </h3>
      <div className="grid grid-cols-2 gap-2">
        {HELP_BUTTONS.map((button) => (
          <Button
            key={button.kind}
            variant="outline"
            className="h-auto min-w-0 flex-col py-2"
            onClick={() => setOpen(button.kind)}
          >
            {/* The button's base class keeps text on one line; a long label wraps inside its border. */}
            <span className="whitespace-normal text-center">{button.label}</span>{' '}
            <span className="text-xs text-success">{button.points}</span>
          </Button>
        ))}
      </div>
      <Dialog open={open !== null} onOpenChange={(next) => !next && close()} title={current?.label ?? ''}>
        {open ? bodies[open] : null}
      </Dialog>
    </section>
  );
}
