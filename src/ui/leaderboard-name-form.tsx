/**
 * The rider's pseudonymous leaderboard name (rider-core §2 Community: names the rider sets), on the
 * Community tab and in Settings. One write for both: PUT /api/contributions/display-name through the
 * outbox (src/data/contributions.ts), so it is kept and sent later when offline.
 */
import { useId, useState } from 'react';

import { saveLeaderboardName } from '@/data/contributions';
import type { DeckhandDB } from '@/data/db';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from '@/domain/contributions';
import { toast } from '@/lib/toast';

import { Button } from './button';
import { fieldClass } from './field';

export function LeaderboardNameForm({ database }: { database: DeckhandDB }) {
  const id = useId();
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const valid = trimmed.length >= DISPLAY_NAME_MIN && trimmed.length <= DISPLAY_NAME_MAX;
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        void saveLeaderboardName(database, trimmed).then((outcome) => {
          if (outcome.state === 'failed') toast.error('Name not saved', { description: outcome.reason });
          else toast.success('Leaderboard name saved');
          setName('');
        });
      }}
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Your leaderboard name
        </label>
        <input
          id={id}
          value={name}
          maxLength={DISPLAY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          className={fieldClass}
          placeholder="A nickname, not your real name"
        />
      </div>
      <Button type="submit" disabled={!valid}>
        Save
      </Button>
    </form>
  );
}
