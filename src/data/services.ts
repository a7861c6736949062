/**
 * What this server can really do (GET /api/services, src/domain/services.ts), kept on the device
 * (META.services) so the screens that offer a service read it offline. Pulled once per app start,
 * by the first screen that asks, when online; a failed pull is tried again by the next screen.
 * undefined while the device is read; null when nothing was ever pulled: the screens then offer
 * nothing that depends on it (auto-book, e-mail, SMS) rather than guess.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import { META, type DeckhandDB } from '@/data/db';
import { services as servicesContract } from '@/domain/contracts/services';
import { servicesSchema, type Services } from '@/domain/services';
import { callApi } from '@/lib/api-client';
import { useConnectivityStore } from '@/sync/connectivity-store';

const pulled = new WeakMap<DeckhandDB, Promise<void>>();

export async function pullServices(database: DeckhandDB): Promise<void> {
  const services = await callApi(servicesContract, {});
  await database.meta.put({ key: META.services, value: services, updatedAt: Date.now() });
}

export function useServices(database: DeckhandDB): Services | null | undefined {
  const online = useConnectivityStore((s) => s.online);
  useEffect(() => {
    if (!online || pulled.has(database)) return;
    const pull = pullServices(database).catch((error: unknown) => {
      pulled.delete(database);
      console.warn('Services pull failed', error);
    });
    pulled.set(database, pull);
  }, [database, online]);
  return useLiveQuery(async () => {
    const parsed = servicesSchema.safeParse((await database.meta.get(META.services))?.value);
    return parsed.success ? parsed.data : null;
  }, [database]);
}
