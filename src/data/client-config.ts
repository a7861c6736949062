/** The server's client config (GET /api/config: the push key, the landing page switch), kept on the device. */
import { clientConfigSchema, type ClientConfig } from '@/domain/realtime';
import { apiGet } from '@/lib/api-client';
import { META, type DeckhandDB } from './db';

export async function pullClientConfig(database: DeckhandDB): Promise<ClientConfig> {
  const config = clientConfigSchema.parse(await apiGet<unknown>('/api/config'));
  const now = Date.now();
  await database.meta.put({ key: META.clientConfig, value: config, updatedAt: now });
  return config;
}
