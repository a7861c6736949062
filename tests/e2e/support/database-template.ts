/**
 * Playwright's global set-up: one migrated and seeded embedded database for the run, made once by
 * the server's own accounts command (which opens the database of DATA_DIR, creating it if absent,
 * and lists the back-office accounts). The specs that start a Deckhand server of their own copy it
 * (`freshDataDir`) instead of each creating one: on an idle 2-core host a first start took 11.4 s, a
 * start on an existing database 4.3 s. The shared server (`webServer` in playwright.config.ts) still
 * starts on an empty directory, the way a first deployment does.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TEMPLATE_DIR = path.join(ROOT, 'var', 'e2e-template');

/** `var/<name>`, emptied and holding a copy of the run's migrated database. */
export function freshDataDir(name: string): string {
  const dataDir = path.join(ROOT, 'var', name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  return dataDir;
}

export default async function makeDatabaseTemplate(): Promise<void> {
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/accounts-cli.ts', 'list'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: TEMPLATE_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
}
