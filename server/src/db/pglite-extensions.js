/**
 * The extensions every PGlite of this server opens with: a data dir opens only with the extensions that
 * made it. Plain JavaScript, so that the database's thread (pglite-thread.worker.js) imports it as the
 * TypeScript does.
 */
// @ts-check
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
