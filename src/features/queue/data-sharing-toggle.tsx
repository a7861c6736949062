/**
 * Data-sharing toggle (rider-core §4, default on): whether what this rider reports reaches the shared
 * realtime store. The spec names camera counts; the rider's own position (user_positions/{userId},
 * photo-verified or not) is the same kind of report, so one switch covers both and its label says so.
 * Stored on the device (META.queueShareData) and sent as `shareData` with every call that reports
 * (calculate-position, verify-photo); the server writes nothing shared, and removes the node, when off.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import { META, type DeckhandDB } from '@/data/db';
import { Switch } from '@/ui/switch';

import { setShareData } from './queue-sync';

export const DATA_SHARING_LABEL = 'Share my position and queue counts with other riders';

export function DataSharingToggle({ database }: { database: DeckhandDB }) {
  const share = useLiveQuery(async () => (await database.meta.get(META.queueShareData))?.value !== false, [database]);
  return (
    <div className="flex flex-col gap-1">
      <Switch
        checked={share ?? true}
        onCheckedChange={(checked) => void setShareData(database, checked)}
        label={DATA_SHARING_LABEL}
      />
      <p className="text-xs text-muted-foreground">
        Your position in the lane and the photo counts you send go to the live queue data other riders see. Applies from
        your next position update.
      </p>
    </div>
  );
}
