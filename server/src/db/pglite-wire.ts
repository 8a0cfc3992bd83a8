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

/** A simple query message: 'Q', its length, the text and a NUL. */
function simpleQuery(sql: string): Buffer {
  const message = Buffer.alloc(sql.length + 6);
  message[0] = 0x51;
  message.writeInt32BE(sql.length + 5, 1);
  message.write(sql, 5, 'latin1');
  return message;
}

/** pg's `BEGIN` of a transaction (pool-db.ts tx): a simple query. */
const BEGIN = simpleQuery('BEGIN');
/** The backend's answer to it outside a transaction: CommandComplete 'BEGIN', ReadyForQuery 'T'. */
const BEGUN = Buffer.from([0x43, 0, 0, 0, 10, ...Buffer.from('BEGIN\0', 'latin1'), 0x5a, 0, 0, 0, 5, 0x54]);
const READY_FOR_QUERY = 0x5a;
const IDLE = 0x49;
const ERROR_RESPONSE = 0x45;

/**
 * The answer to a deferred BEGIN taken off the front of `answer` (up to its first ReadyForQuery); an error
 * when the BEGIN failed, which pg was told it did not.
 */
function withoutBegun(answer: Buffer): Buffer | Error {
  if (answer.subarray(0, BEGUN.length).equals(BEGUN)) return answer.subarray(BEGUN.length);
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1)) {
    if (answer[at] === ERROR_RESPONSE) return new Error('The deferred BEGIN of a transaction failed');
    if (answer[at] === READY_FOR_QUERY) return answer.subarray(at + 1 + answer.readInt32BE(at + 1));
  }
  return new Error('No answer to the deferred BEGIN of a transaction');
}

export class PgliteWire extends Duplex {
  readonly #endpoint: PgliteEndpoint;
  /** Which connection this is, to the endpoint. */
  readonly #connection = connections++;
  /** Whether the backend's last answer said no transaction is open (its ReadyForQuery: idle). */
  #idle = false;
  /** A BEGIN answered here and not sent yet: it goes in front of the connection's next messages. */
  #begin = false;

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

  /**
   * A BEGIN outside a transaction is answered at once and sent with the next messages (the transaction's
   * first statement): one exchange fewer for every transaction, which on the embedded database's thread
   * holds the one backend from its first statement to its end. PostgreSQL takes a transaction's snapshot at
   * its first statement, not at its BEGIN, so the transaction is the same.
   */
  #exchange(message: Buffer, done: (error?: Error | null) => void): void {
    if (this.#idle && !this.#begin && message.equals(BEGIN)) {
      this.#begin = true;
      this.#idle = false;
      this.push(Buffer.from(BEGUN));
      done();
      return;
    }
    const begun = this.#begin;
    this.#begin = false;
    this.#endpoint.exchange(begun ? Buffer.concat([BEGIN, message]) : message, this.#connection).then(
      (answered) => {
        const answer = begun && answered ? withoutBegun(answered) : answered;
        if (answer instanceof Error) return done(answer);
        if (answer && answer.length >= 6 && answer[answer.length - 6] === READY_FOR_QUERY)
          this.#idle = answer[answer.length - 1] === IDLE;
        if (answer && answer.length > 0) this.push(answer);
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
