/**
 * A change clock: a number that moves whenever the data a session is read with (its row, its user, the
 * user's roles) may have changed. What was read at one reading of the clock is still what the database
 * holds for as long as the clock reads the same. The session plugin keeps its reads on that condition.
 *
 * The clock moves after every statement or transaction of this process that may write (mayWrite), whatever
 * table it touched: a request sees its own writes at once. Over PostgreSQL, other processes (other
 * instances, a psql session) write too: migration 016 notifies their commits to those tables, and
 * change-listener.ts moves the clock when they arrive. While nobody listens (not yet connected, connection
 * lost) the clock reads null: nothing read can be kept. PGlite is embedded, so this process is its only
 * writer.
 */
export interface ChangeClock {
  /** The current reading, or null while changes made elsewhere cannot be seen. */
  readonly reading: number | null;
}

export class WriteClock implements ChangeClock {
  private ticks = 0;
  private blindSince: boolean;

  /** `watching`: whether every change is seen from the start (PGlite), or only once a listener says so. */
  constructor(watching: boolean) {
    this.blindSince = !watching;
  }

  get reading(): number | null {
    return this.blindSince ? null : this.ticks;
  }

  /** Data may have changed (a write here, or a commit elsewhere). */
  tick(): void {
    this.ticks++;
  }

  /** Changes made elsewhere are seen from now on; what was read before cannot be trusted. */
  see(): void {
    this.ticks++;
    this.blindSince = false;
  }

  /** Changes made elsewhere are not seen from now on (the listener lost its connection). */
  blind(): void {
    this.ticks++;
    this.blindSince = true;
  }
}

/** Words that make a statement a possible write, wherever they stand (a CTE, a function's name). */
const WRITING =
  /\b(insert|update|delete|truncate|merge|copy|call|do|create|alter|drop|grant|revoke|vacuum|analyze|cluster|reindex|lock|nextval|setval|notify|pg_notify)\b/i;

/**
 * Whether a statement may change data. Only a SELECT (or WITH, SHOW, EXPLAIN, VALUES) with none of the
 * words of a write anywhere in it counts as a read; everything else, what this cannot tell included, as a
 * write. Erring towards a write costs a re-read, never a stale answer; but a read counted as a write costs
 * every memo its contents at each run (the narrow searches' WITH statements did, on every search).
 */
export function mayWrite(sql: string): boolean {
  return !/^\s*(select|with|show|explain|values)\b/i.test(sql) || WRITING.test(sql);
}
