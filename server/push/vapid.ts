/**
 * VAPID keys for Web Push. From `VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` when both are set (required
 * when several instances must sign pushes alike); otherwise generated once with web-push and kept in
 * `DATA_DIR/vapid.json` (mode 0600) so subscriptions survive restarts. The file is created exclusively:
 * if two processes race on one data directory, both end up with the keys of whichever wrote first.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

async function readStored(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  try {
    return storedKeysSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file} is not a valid VAPID key file; delete it to generate new keys`, { cause: error });
  }
}

export async function loadVapidKeys(
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'dataDir'>,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither to use generated keys');
  }
  const file = path.join(config.dataDir, 'vapid.json');
  const stored = await readStored(file);
  if (stored) return { ...stored, subject };

  await fs.mkdir(config.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(file, JSON.stringify(generated, null, 2), { flag: 'wx', mode: 0o600 });
    return { ...generated, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readStored(file);
    if (!winner) throw error;
    return { ...winner, subject };
  }
}
