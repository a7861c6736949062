/**
 * Creates ONE migrated and seeded PGlite data directory for the whole server test run (creating a
 * PGlite cluster takes seconds and hundreds of MB); each test file's app copies it (app.ts).
 * Its path reaches the test files through vitest's provide/inject as `pgliteTemplateDir`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { openDatabase } from '../../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose `pglite/` holds a migrated, seeded database. Copy it; never open it in place. */
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-pglite-template-'));
  const database = await openDatabase({ dataDir, DATABASE_URL: undefined });
  await database.close();
  project.provide('pgliteTemplateDir', dataDir);
  return async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
