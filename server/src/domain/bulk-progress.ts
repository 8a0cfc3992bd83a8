/**
 * Progress of long bulk work (a bulk invitation create), readable while the request that does it runs.
 *
 * The caller names the work with a key of its own (`X-Progress-Id`, a uuid); the state lives in this
 * process, under the user and the key, so nobody reads another user's progress. Finished work stays
 * readable for `keepMs` (the last poll of the console arrives after the POST's answer) and the board
 * never holds more than `maxEntries`: the oldest entry goes first.
 */
import type { InvitationProgress } from 'shared-auth/rules';

export const PROGRESS_KEY_HEADER = 'x-progress-id';
/** A uuid in its usual text form (any version): the key the console generates. */
export const PROGRESS_KEY_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** How long finished work stays readable. */
export const PROGRESS_KEEP_MS = 60_000;
/** At most this many entries per process, running and finished together. */
export const PROGRESS_MAX_ENTRIES = 1000;

/** Where the work stands: what GET invitations/progress/{key} answers, the console's own type (shared-auth). */
export type BulkProgress = InvitationProgress;
export type BulkPhase = BulkProgress['phase'];

/** What the request doing the work reports through. */
export interface ProgressTracker {
  update(changes: Partial<Pick<BulkProgress, 'phase' | 'total' | 'written' | 'mailed'>>): void;
  /** The work ended: `done` or `failed`; readable for a while after. */
  finish(phase: 'done' | 'failed'): void;
}

export class ProgressKeyInUseError extends Error {
  constructor() {
    super('The progress key is in use by a request that is still running');
  }
}

interface Entry {
  progress: BulkProgress;
  /** Epoch milliseconds of the end; null while running. */
  finishedAt: number | null;
}

export interface ProgressBoard {
  /** Starts tracking `key` for `userId`; 409-worthy `ProgressKeyInUseError` while that key still runs. */
  start(userId: number, key: string): ProgressTracker;
  /** The progress of `key` for this user; undefined when unknown, dropped or another user's. */
  read(userId: number, key: string): BulkProgress | undefined;
  size(): number;
}

/** Reports nowhere: a request without a progress key. */
export const untracked: ProgressTracker = { update: () => undefined, finish: () => undefined };

export function createProgressBoard(
  options: { keepMs?: number; maxEntries?: number; now?: () => number } = {},
): ProgressBoard {
  const keepMs = options.keepMs ?? PROGRESS_KEEP_MS;
  const maxEntries = options.maxEntries ?? PROGRESS_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Insertion order is age order: the first entry is the oldest.
  const entries = new Map<string, Entry>();
  // A space cannot occur in a key (uuid) nor in a number, so user and key never run together.
  const id = (userId: number, key: string) => `${userId} ${key.toLowerCase()}`;

  // Dropped lazily at each use rather than by timers: nothing to clean up when the server closes.
  const dropExpired = () => {
    const limit = now() - keepMs;
    for (const [name, entry] of entries) {
      if (entry.finishedAt !== null && entry.finishedAt <= limit) entries.delete(name);
    }
  };

  return {
    start(userId, key) {
      dropExpired();
      const name = id(userId, key);
      const existing = entries.get(name);
      if (existing && existing.finishedAt === null) throw new ProgressKeyInUseError();
      entries.delete(name);
      while (entries.size >= maxEntries) {
        // Over the bound the oldest goes, running or not: its poller then gets a 404, which it ignores.
        entries.delete(entries.keys().next().value as string);
      }
      const entry: Entry = {
        progress: { phase: 'checking', total: 0, written: 0, mailed: 0, done: false },
        finishedAt: null,
      };
      entries.set(name, entry);
      return {
        update(changes) {
          if (entry.finishedAt === null) entry.progress = { ...entry.progress, ...changes };
        },
        finish(phase) {
          if (entry.finishedAt !== null) return;
          entry.progress = { ...entry.progress, phase, done: true };
          entry.finishedAt = now();
        },
      };
    },
    read(userId, key) {
      dropExpired();
      const entry = entries.get(id(userId, key));
      return entry ? { ...entry.progress } : undefined;
    },
    size() {
      dropExpired();
      return entries.size;
    },
  };
}
