/**
 * The default delivery location (rider-core §9; DESIGN.md "Placeholders become live values"): "Your
 * car", with its number (profile carNumber), lane, place in the queue and terminal (the cached queue
 * position) when known.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import { META, type DeckhandDB } from '@/data/db';
import { readQueuePosition } from '@/data/queue-position';
import { DEFAULT_DELIVERY_LOCATION, defaultDeliveryLocation } from '@/domain/store';
import { terminalById } from '@/domain/terminals';

export function useDeliveryDefault(database: DeckhandDB): string {
  const location = useLiveQuery(async () => {
    const [profile, queue] = await Promise.all([database.meta.get(META.userProfile), readQueuePosition(database)]);
    const carNumber = (profile?.value as { carNumber?: string | null } | undefined)?.carNumber;
    const terminalName = queue?.terminalId ? terminalById(queue.terminalId)?.name : undefined;
    return defaultDeliveryLocation(carNumber, queue ? { ...queue, terminalName } : null);
  }, [database]);
  return location ?? DEFAULT_DELIVERY_LOCATION;
}
