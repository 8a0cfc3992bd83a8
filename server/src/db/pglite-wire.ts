/**
 * node-postgres's socket to a PGlite (on this thread, or on its own: pglite-thread.ts): what pg writes (the
 * wire protocol, its startup message included) goes into PGlite's backend as it is, and the backend's
 * answer comes back as the bytes pg reads from a server. One exchange per write: pg corks the messages of
 * one query (parse, bind, describe, execute, sync), so a query is one call into the database (PGlite's own
 * adapter makes one a message) and its answer is parsed once, by pg (that adapter had PGlite parse it into
 * messages, copying every field).
 */
import { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';

/** Where the wire's messages go: a PGlite on this thread (onThisThread) or on its own (PgliteThread). */
export interface PgliteEndpoint {
  /**
   * How many connections may use it at once: 1 on this thread; more on its own (the thread runs their
   * exchanges one at a time, and keeps a transaction's to its connection).
   */
  readonly connections: number;
  /** Runs a connection's wire-protocol messages through the backend; the raw answer, or null for none. */
  exchange(message: Buffer, connection: number): Promise<Buffer | null>;
  /** Plans every prepared statement afresh at its next use (Db.replan); absent on this thread. */
  replan?(): Promise<void>;
  close(): Promise<void>;
}

/** A PGlite on this thread as an endpoint (the tests' databases; PgliteThread runs one on its own). */
export function onThisThread(pglite: PGlite): PgliteEndpoint {
  return {
    connections: 1,
    exchange: (message) => exchangeRaw(pglite, message),
    close: () => pglite.close(),
  };
}

/**
 * The raw stream: PGlite's execProtocolRaw would parse every answer into messages as well (for its
 * notifications) before pg parses it again. Its chunks are views into the database's memory: copied. No
 * syncToFs after each exchange: on Node, PGlite's file systems (in memory, and NODEFS, which writes through
 * to the data dir as the database writes) have nothing to sync (their syncToFs is empty), and the call cost
 * a mutex and a chain of promises per query, for nothing.
 */
async function exchangeRaw(pglite: PGlite, message: Uint8Array): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  const options = { syncToFs: false, onRawData: (data: Uint8Array) => chunks.push(Buffer.from(data)) };
  await pglite.execProtocolRawStream(message, options);
  if (chunks.length === 0) return null;
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

let connections = 0;

export class PgliteWire extends Duplex {
  readonly #endpoint: PgliteEndpoint;
  /** Which connection this is, to the endpoint. */
  readonly #connection = connections++;

  constructor(endpoint: PgliteEndpoint) {
    super();
    this.#endpoint = endpoint;
  }

  /** pg "connects" its socket: there is nothing to reach, only the event to give (later, like a socket). */
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {
    // Answers are pushed as they are made.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.#exchange(chunk, done);
  }

  override _writev(
    chunks: Array<{ chunk: Buffer; encoding: BufferEncoding }>,
    done: (error?: Error | null) => void,
  ): void {
    this.#exchange(Buffer.concat(chunks.map(({ chunk }) => chunk)), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.push(null);
    done();
  }

  #exchange(message: Buffer, done: (error?: Error | null) => void): void {
    this.#endpoint.exchange(message, this.#connection).then(
      (answer) => {
        if (answer) this.push(answer);
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
