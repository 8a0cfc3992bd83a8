/**
 * Over PostgreSQL, moves a change clock (change-clock.ts) when anyone commits a change to the tables a
 * session is read with: it listens to the notices of migration 016 on a connection of its own. While that
 * connection is not up the clock reads null, and it is tried again, sooner first, then every few seconds.
 */
import pg from 'pg';
import type { WriteClock } from './change-clock.js';

export const CHANGE_CHANNEL = 'portal_changes';
/** Waits before the next attempt to connect, the last one repeated. */
const RETRY_MS = [100, 500, 2_000, 5_000];

export interface ChangeListener {
  /** Settles after the first attempt to listen, whether it worked or not. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * `own`: the application_name of this instance's connections; the notices of their commits are passed over
 * (the clock counted them when they ended).
 */
export function listenForChanges(connectionString: string, clock: WriteClock, own: string): ChangeListener {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const attempt = async (): Promise<void> => {
    retry = null;
    const client = new pg.Client({ connectionString });
    let lost = false;
    const loseIt = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      clock.blind();
      client.end().catch(() => undefined);
      if (!stopped) {
        retry = setTimeout(() => void attempt(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
        retry.unref();
      }
    };
    client.on('notification', (notice) => {
      if (notice.payload !== own) clock.tick();
    });
    client.on('error', loseIt);
    client.on('end', loseIt);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      loseIt();
      return;
    }
    if (stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
    clock.see();
  };

  const ready = attempt();
  return {
    ready,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await ready;
      const client = current;
      current = null;
      clock.blind();
      await client?.end().catch(() => undefined);
    },
  };
}
