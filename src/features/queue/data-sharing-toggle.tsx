/**
 * Data-sharing toggle (rider-core §4, default on): whether the server may copy this rider's position
 * to the shared realtime node user_positions/{userId}. Stored on the device (META.queueShareData) and
 * sent with every position call; the next call applies a change.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { META, type DeckhandDB } from '@/data/db';
import { Switch } from '@/ui/switch';
import { setShareData } from './queue-sync';

export function DataSharingToggle({ database }: { database: DeckhandDB }) {
  const share = useLiveQuery(async () => (await database.meta.get(META.queueShareData))?.value !== false, [database]);
  return (
    <div className="flex flex-col gap-1">
      <Switch
        checked={share ?? true}
        onCheckedChange={(checked) => void setShareData(database, checked)}
        label="Share my queue data with other riders"
      />
      <p className="text-xs text-muted-foreground">Applies from your next position update.</p>
    </div>
  );
}
