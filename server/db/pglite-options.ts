/**
 * How Deckhand runs its embedded PostgreSQL (PGlite). Postgres's default buffer pool (128 MB) is
 * sized for a database server; this one is small, so 16 MB: about 120 MB less resident memory for
 * the API process, measured with `npx tsx bench/memory-start.ts`.
 */
import type { PGliteOptions } from '@electric-sql/pglite';

export const PGLITE_OPTIONS: PGliteOptions = { postgresqlconf: ['shared_buffers = 16MB'] };
