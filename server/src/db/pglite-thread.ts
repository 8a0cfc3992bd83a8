/**
 * PGlite on a thread of its own (pglite-thread.worker.js). PGlite runs PostgreSQL on the thread that owns
 * it: on the server's thread, every statement held up the HTTP work of every other request, and the server
 * used one core. On its own thread the statements run beside the HTTP work. What crosses is only the wire
 * protocol's bytes, both ways (moved, not copied): node-postgres on this side speaks to it as to a server
 * (PgliteWire), over PGLITE_THREAD_CONNECTIONS connections that the thread runs one exchange at a time
 * (see the worker for how they share PGlite's one backend). With one connection the thread was slower
 * than none: the database waited idle while this thread read each answer and sent the next query.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { PgliteEndpoint } from './pglite-wire.js';

export interface PgliteThreadOptions {
  /** The data dir (PGlite's `dataDir`); in memory when absent. */
  dataDir?: string;
  /** A gzipped tarball of a data dir to start from (PGlite's `loadDataDir`; the tests' databases). */
  loadDataDir?: Uint8Array;
  /** PostgreSQL's start parameters (PGlite's `startParams`). */
  startParams: string[];
  /**
   * How long a connection's exchange waits while another connection's transaction is open, before it fails
   * (WAIT_LIMIT_MS by default).
   */
  waitLimitMs?: number;
}

export interface PgliteThreadHooks {
  /**
   * Called once when the thread ends without close() (it crashed, or was killed): every call fails from
   * then on. The server stops (db/index.ts).
   */
  onLost?: (error: Error) => void;
  /** Starts the worker (the tests keep it to end it). */
  spawn?: (file: URL, options: WorkerOptions) => Worker;
}

/** As long as a pool waits for a connection (pglite-db.ts): a transaction should never take this long. */
export const WAIT_LIMIT_MS = 15_000;

type Reply = { id: number; data: Uint8Array | null } | { id: number; error: string };

interface Pending {
  resolve: (data: Uint8Array | null) => void;
  reject: (error: Error) => void;
}

/** Enough for the next few queries to wait in the thread while this one reads an answer. */
export const PGLITE_THREAD_CONNECTIONS = 8;

const WORKER_FILE = new URL('./pglite-thread.worker.js', import.meta.url);

export class PgliteThread implements PgliteEndpoint {
  readonly connections = PGLITE_THREAD_CONNECTIONS;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  /** Set once the thread is gone: every call after it fails with this. */
  #stopped: Error | null = null;
  #closing = false;
  readonly #onLost: (error: Error) => void;

  private constructor(worker: Worker, onLost: (error: Error) => void) {
    this.#worker = worker;
    this.#onLost = onLost;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(reply.error));
      else pending.resolve(reply.data);
    });
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`The embedded database's thread ended (code ${code})`)));
  }

  /** Starts the thread and opens the database in it; rejects when PGlite cannot open it. */
  static async start(options: PgliteThreadOptions, hooks: PgliteThreadHooks = {}): Promise<PgliteThread> {
    const spawn = hooks.spawn ?? ((file, workerOptions) => new Worker(file, workerOptions));
    const worker = spawn(WORKER_FILE, { workerData: { waitLimitMs: WAIT_LIMIT_MS, ...options } });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', opened);
        reject(error);
      };
      const opened = () => {
        worker.off('error', failed);
        resolve();
      };
      worker.once('message', opened);
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`The embedded database's thread ended (code ${code})`)));
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteThread(worker, hooks.onLost ?? (() => undefined));
  }

  #stop(error: Error): void {
    if (!this.#stopped) {
      this.#stopped = error;
      if (!this.#closing) this.#onLost(error);
    }
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  #call(
    op: 'exchange' | 'replan' | 'close',
    message?: Buffer,
    connection?: number,
  ): Promise<Uint8Array | null> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (!message) return this.#worker.postMessage({ id, op });
      // A copy of the exact bytes, moved: a Buffer may be a view into a larger pooled one, all of which a
      // clone would copy.
      const bytes = new Uint8Array(message);
      this.#worker.postMessage({ id, op, connection, message: bytes }, [bytes.buffer]);
    });
  }

  async exchange(message: Buffer, connection: number): Promise<Buffer | null> {
    const data = await this.#call('exchange', message, connection);
    return data && data.byteLength > 0 ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : null;
  }

  /**
   * Drops every named statement once no transaction is open; each is prepared again, unseen by the
   * connections, at its next use (pglite-thread.worker.js), and so planned afresh.
   */
  async replan(): Promise<void> {
    await this.#call('replan');
  }

  /** Closes the database (a checkpoint, files closed), then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#closing = true;
    try {
      await this.#call('close');
    } finally {
      this.#stopped = new Error('The embedded database is closed');
      await this.#worker.terminate();
    }
  }
}
