/**
 * One registry view for every instance (issue 51 item 3; ARCHITECTURE "The registry is data like the
 * rest"). The registry's entities live in the database (registry_snapshot, migration 027):
 *
 * - refresh: one instance per period (REGISTRY_REFRESH), and each instance as it starts, reads the source
 *   (REGISTRY_DIR's files or Manage) and writes it there, a new version only when the content changed. A failed read keeps the last good
 *   snapshot and records its error (/ready's body, the system area).
 * - read: every instance decides with the snapshot of the database. It keeps the entities in memory keyed
 *   by their content hash (the registry's parsed structures hang on that object, entity-registry.ts) and
 *   checks the database every REGISTRY_CHECK in the background: a statement that reads a version and a
 *   hash, and the entities only when they changed. A request adds no statement; it waits for a check only
 *   when the background ones fell behind (twice the interval), or at every use with REGISTRY_CHECK=0.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';
import type { Db } from '../db/types.js';
import { httpError } from '../errors.js';
import {
  claimRefresh,
  readSnapshotIfChanged,
  readSnapshotState,
  storeRefreshed,
  storeRefreshFailed,
  type RegistrySnapshotState,
} from '../stores/registry-snapshot.store.js';
import type { EntitySnapshot } from './entity-registry.js';

export type SnapshotSource = () => Promise<EntitySnapshot>;

/** What a refresh did: wrote a new version, found the content unchanged, failed, or left it to another. */
export type RefreshOutcome = 'changed' | 'unchanged' | 'failed' | 'skipped';

export interface RegistrySnapshotOptions {
  db: Db;
  source: SnapshotSource;
  /** REGISTRY_REFRESH: milliseconds between refreshes (0: only at start, and until a first success). */
  refreshMs: number;
  /** REGISTRY_CHECK: milliseconds between checks of the database's version (0: at every use). */
  checkMs: number;
  log: FastifyBaseLogger;
}

/** Error texts are kept short: they go to /ready's body and the system area, not to a log collector. */
const MAX_ERROR_LENGTH = 500;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function contentHash(entities: EntitySnapshot): string {
  return createHash('sha256').update(JSON.stringify(entities)).digest('hex');
}

export class RegistrySnapshot {
  private current: { hash: string; version: number; entities: EntitySnapshot } | null = null;
  /** When the last check of the database that succeeded began (Date.now()). */
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private refreshing: Promise<RefreshOutcome> | null = null;
  private readonly maxAgeMs: number;

  constructor(private readonly options: RegistrySnapshotOptions) {
    this.maxAgeMs = options.checkMs * 2;
  }

  /** The version this instance decides with (0: none loaded yet). */
  get version(): number {
    return this.current?.version ?? 0;
  }

  /**
   * The entities to decide with: those of the database's snapshot, as of the last check. Answers 503 when
   * the database holds none (no refresh has succeeded yet).
   */
  async entities(): Promise<EntitySnapshot> {
    if (!this.current || Date.now() - this.checkedAt >= this.maxAgeMs) {
      try {
        await this.check();
      } catch (error) {
        // The database does not answer: the last snapshot read is still the best there is (the request
        // itself meets the database soon enough and answers 503 then).
        if (!this.current) throw error;
      }
    }
    if (!this.current) throw httpError(503, 'The application registry has not been read yet');
    return this.current.entities;
  }

  /** Reads the database's snapshot when its content differs from the one in memory (one statement). */
  check(): Promise<void> {
    this.checking ??= (async () => {
      const began = Date.now();
      const read = await readSnapshotIfChanged(this.options.db, this.current?.hash ?? null);
      if (read.entities && read.hash !== null && read.hash !== this.current?.hash) {
        this.current = { hash: read.hash, version: read.version, entities: read.entities };
      } else if (this.current) {
        this.current.version = read.version;
      }
      this.checkedAt = began;
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /**
   * Reads the source and stores what it answered. Unforced (the schedule): under the registryRefresh lock,
   * only when no instance began a refresh within 80% of REGISTRY_REFRESH. Forced (a start, no snapshot
   * yet, the system area's button, tests): at once. Then this instance reads the result.
   */
  refresh({ force = false }: { force?: boolean } = {}): Promise<RefreshOutcome> {
    // One at a time in an instance: a refresh asked while one runs gets that one's outcome.
    this.refreshing ??= this.refreshOnce(force).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshOnce(force: boolean): Promise<RefreshOutcome> {
    const { db, source, log } = this.options;
    if (!force) {
      const claim = await withJobLock(db, LOCK_KEYS.registryRefresh, (q) =>
        claimRefresh(q, Math.floor(this.options.refreshMs * 0.8)),
      );
      if (!claim.ran || !claim.result) return 'skipped';
    }
    // Read outside any transaction: Manage may take seconds, and a transaction holds a connection (the
    // embedded database's only one).
    let entities: EntitySnapshot;
    try {
      entities = await source();
    } catch (error) {
      const state = await storeRefreshFailed(db, errorText(error));
      log.error(
        { err: error, registryVersion: state.version },
        state.version > 0
          ? 'registry refresh failed: the last good snapshot stays in use'
          : 'registry refresh failed and there is no snapshot: calls that need the registry answer 503',
      );
      return 'failed';
    }
    const stored = await storeRefreshed(db, entities, contentHash(entities));
    if (stored.changed) log.info({ registryVersion: stored.version }, 'registry snapshot changed');
    await this.check();
    return stored.changed ? 'changed' : 'unchanged';
  }

  /** The snapshot's state in the database (/ready, the system area). */
  state(): Promise<RegistrySnapshotState> {
    return readSnapshotState(this.options.db);
  }

  /**
   * At start, before the server answers: read the source (a restart is how an operator makes a changed
   * registry, or another REGISTRY_DIR or REGISTRY_URL, count at once), then what the database holds. A
   * source that fails leaves the last good snapshot in use; with none, the registry's calls answer 503 until
   * a later refresh succeeds.
   */
  async start(): Promise<void> {
    await this.refresh({ force: true });
    if (!this.current) await this.check();
  }

  /**
   * The schedule's refresh; logs instead of throwing (the database may be down: the next period tries
   * again). Without a snapshot yet, forced: every instance asks the source until one is there.
   */
  async refreshQuietly(): Promise<void> {
    try {
      await this.refresh({ force: !this.current });
    } catch (error) {
      this.options.log.warn({ err: error }, 'registry refresh could not run');
    }
  }
}

/**
 * The snapshot's life in the app: a start before the server answers, the background checks and refreshes,
 * stopped before the database closes.
 */
export const registrySnapshotPlugin = fp<{ snapshot: RegistrySnapshot | null }>(
  async (app, { snapshot }) => {
    if (!snapshot) return;
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>) => {
      const run = work
        .catch((error: unknown) => app.log.debug({ err: error }, 'registry snapshot check failed'))
        .finally(() => running.delete(run));
      running.add(run);
      return run;
    };
    const every = (ms: number, work: () => Promise<unknown>) => {
      if (ms <= 0) return;
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        void track(work()).finally(() => {
          busy = false;
        });
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    app.addHook('onReady', async () => {
      await snapshot.start();
      every(app.config.registryCheckMs, () =>
        snapshot.version > 0 ? snapshot.check() : snapshot.refreshQuietly(),
      );
      every(app.config.registryRefreshMs, () => snapshot.refreshQuietly());
    });
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    });
  },
  { name: 'registry-snapshot' },
);
