/** The server's client config (GET /api/config: the push key, the landing page switch), kept on the device. */
import { readClientConfig } from '@/domain/contracts/client-config';
import type { ClientConfig } from '@/domain/realtime';
import { callApi } from '@/lib/api-client';

import { META, type DeckhandDB } from './db';

export async function pullClientConfig(database: DeckhandDB): Promise<ClientConfig> {
  const config = await callApi(readClientConfig, {});
  const now = Date.now();
  await database.meta.put({ key: META.clientConfig, value: config, updatedAt: now });
  return config;
}
