/**
 * Read-only reference data, seeded with the database (server/db/seed.ts): the store's catalogue
 * (rider-core §7 GET /api/store/items), the help page's questions and the fare table (GET /api/faq,
 * GET /api/fares), which the chat also retrieves from (server/ai/chat-service.ts). Prices and fares
 * are the numeric(8,2) columns as decimal strings; `available` is `stock > 0`.
 */
import { asc } from 'drizzle-orm';

import type { FaqItem } from '@/domain/faq';
import { sortFares, type Fare } from '@/domain/fares';
import type { StoreItem } from '@/domain/store';
import { routeById } from '@/domain/terminals';

import type { Database } from '../db/client';
import { faq, fares, storeItems } from '../db/schema';

export async function listStoreItems(database: Database): Promise<StoreItem[]> {
  const rows = await database.db.select().from(storeItems).orderBy(asc(storeItems.category), asc(storeItems.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: row.price,
    category: row.category,
    stock: row.stock,
    available: row.stock > 0,
  }));
}

export async function listFaq(database: Database): Promise<FaqItem[]> {
  return database.db.select().from(faq).orderBy(asc(faq.category), asc(faq.id));
}

export async function listFares(database: Database): Promise<Fare[]> {
  const rows = await database.db.select().from(fares);
  return sortFares(rows).map((row) => ({
    routeId: row.routeId,
    routeName: routeById(row.routeId)?.name ?? row.description,
    adult: row.adult,
    child: row.child,
    infant: row.infant,
    vehicleUnder20: row.vehicleUnder20,
    vehicle20To25: row.vehicle20To25,
    vehicleOver25: row.vehicleOver25,
    motorcycle: row.motorcycle,
    bicycle: row.bicycle,
    peakMultiplier: row.peakMultiplier,
    description: row.description,
  }));
}
