/**
 * What an operator sees of a database outage: one error line when the first request finds the database
 * gone (with the reason), one line when it answers again (how long it was gone, how many calls were
 * refused). The refused calls themselves are answered 503 (errors.ts) and logged only at debug level: a
 * stack per request would bury the one line that matters under hundreds that say the same.
 */
import { describeUnavailable } from './unavailable.js';

/** What a refused caller is told to wait (Retry-After, seconds): about what a PostgreSQL restart takes. */
export const RETRY_AFTER_SECONDS = 5;

/** How often the database is asked whether it is back while it is gone. */
const PROBE_EVERY_MS = 1_000;

export interface OutageLog {
  error(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export class DatabaseOutage {
  private since: number | null = null;
  private refusedCalls = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  /**
   * `probe` runs a trivial statement; it resolving means the database answers again. The recovery is found
   * by the probe rather than by the next call that works, so that it is logged even with no traffic, and
   * a call that happens not to need the database (a bundle, an anonymous config) does not end the outage.
   */
  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly log: OutageLog,
    private readonly probeEveryMs = PROBE_EVERY_MS,
  ) {}

  /** True between the first refused call and the probe that found the database back. */
  get down(): boolean {
    return this.since !== null;
  }

  /** A call was refused because of `error`: the first of an outage is logged, the others only counted. */
  refused(error: unknown): void {
    this.refusedCalls += 1;
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.error(
      { reason: describeUnavailable(error) },
      'database unavailable: calls that need it are answered 503 until it is back',
    );
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.check(), this.probeEveryMs);
    // An outage must not keep a process alive that is otherwise done.
    this.timer.unref();
  }

  private async check(): Promise<void> {
    this.timer = null;
    try {
      await this.probe();
    } catch {
      this.schedule();
      return;
    }
    if (this.closed || this.since === null) return;
    this.log.info(
      { unavailableMs: Date.now() - this.since, refusedCalls: this.refusedCalls },
      'database available again',
    );
    this.since = null;
    this.refusedCalls = 0;
  }
}
