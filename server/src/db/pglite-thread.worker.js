/**
 * The embedded database's own thread (started by PgliteThread in pglite-thread.ts). It opens PGlite as
 * `workerData` says and answers each message: `exchange` runs a connection's wire-protocol bytes through
 * the backend and sends back the raw answer (what a PostgreSQL server would send on its socket); `close`
 * closes the database. Plain JavaScript: Node starts a worker from a file it can run as it is, in the tests
 * (from src/) as in the built server (dist/).
 *
 * Several connections share PGlite's one backend, so that the next query is already waiting here while the
 * server's thread reads the last answer (with one connection, the database sat idle for that time). What
 * makes one backend look like several:
 * - exchanges run one at a time in the order they came, except that while a connection's transaction is
 *   open (its last answer said so), only that connection's exchanges run; the others wait, at most
 *   WAIT_LIMIT_MS, and then fail (as a pool's connection timeout would: a query on the outer handle inside
 *   a transaction would otherwise wait forever); and that one which suits the backend's plan mode may pass
 *   one that would have it set again, a few times at most (nextOfAny);
 * - a named statement is prepared once for all: a connection that parses one another connection already
 *   prepared gets its ParseComplete without the Parse (the server names a statement after its text), and
 *   a named statement is never closed (forBackend);
 * - `replan` drops every named statement (DEALLOCATE ALL) once no transaction is open; the next Bind of
 *   one sends its Parse again first, unseen by the connection (forBackend), so it is planned afresh;
 * - a connection that ends inside its transaction has it rolled back.
 */
// @ts-check
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import { growMemoryFilesByDoubling } from './pglite-memory-files.js';

/**
 * @typedef {{ dataDir?: string, loadDataDir?: Uint8Array, startParams: string[], waitLimitMs: number }} OpenRequest
 * @typedef {{ id: number, op: 'exchange', connection: number, message: Uint8Array } | { id: number, op: 'replan' } | { id: number, op: 'close' }} Request
 * @typedef {{ id: number, connection: number, message: Uint8Array, queuedAt: number, mode: PlanMode | null, passed: number }} Exchange
 * @typedef {'named' | 'unnamed'} PlanMode
 */

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const PARSE_COMPLETE = Uint8Array.of(0x31, 0, 0, 0, 4); // '1', length 4
const CLOSE = 0x43; // 'C'
const STATEMENT = 0x53; // 'S': a Close of a statement (not of a portal)
const CLOSE_COMPLETE = Uint8Array.of(0x33, 0, 0, 0, 4); // '3', length 4
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction open
const FAILED = 0x45; // 'E': in a failed transaction
const TERMINATE = 0x58; // 'X'
/** A simple query message: 'Q', its length, the text and a NUL. */
function simpleQuery(/** @type {string} */ sql) {
  const text = new TextEncoder().encode(sql);
  const message = new Uint8Array(text.length + 6);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, text.length + 5);
  message.set(text, 5);
  return message;
}
const ROLLBACK = simpleQuery('ROLLBACK');
/** A transaction's BEGIN, which the connection's wire sends in front of its first statement (pglite-wire.ts). */
const BEGIN = simpleQuery('BEGIN');
/**
 * How the backend plans the statement a Bind names (pool-db.ts PLAN_GENERIC): a named (prepared) one
 * generically, an unnamed one for its values. Every connection shares the one backend, so the setting is
 * made before the Bind that needs the other one.
 */
const PLAN_MODES = {
  named: simpleQuery('SET plan_cache_mode = force_generic_plan'),
  unnamed: simpleQuery('SET plan_cache_mode = auto'),
};
/** The backend's plan mode now; null when not known (after a transaction that rolled back a setting made in it). */
let planMode = /** @type {PlanMode | null} */ (null);
/** Whether a plan setting was made in the open transaction: undone if it rolls back, kept if it commits. */
let setInTransaction = false;
/** The end of a committed transaction's answer: CommandComplete 'COMMIT', then ReadyForQuery, idle. */
const COMMITTED = Uint8Array.of(
  0x43,
  0,
  0,
  0,
  11,
  ...new TextEncoder().encode('COMMIT'),
  0,
  READY_FOR_QUERY,
  0,
  0,
  0,
  5,
  IDLE,
);
const DEALLOCATE_ALL = simpleQuery('DEALLOCATE ALL');
/** The connection number of a replan in the queue: no connection's. */
const REPLAN = -1;
/**
 * How often the exchange at the head of the queue may be passed by later ones that suit the backend's plan
 * mode (nextOfAny): with many callers the prepared and the unnamed statements of the searches come mixed,
 * and every change of mode is a statement of its own for the backend (PLAN_MODES).
 */
const MAX_PASSED = 4;
const decoder = new TextDecoder();

const port = parentPort;
if (!port) throw new Error('pglite-thread.worker.js runs as a worker thread only');
const open = /** @type {OpenRequest} */ (workerData);
/** How long an exchange waits for another connection's transaction before it fails. */
const WAIT_LIMIT_MS = open.waitLimitMs;

const pglite = await PGlite.create({
  dataDir: open.dataDir,
  extensions: PGLITE_EXTENSIONS,
  startParams: open.startParams,
  ...(open.loadDataDir ? { loadDataDir: new Blob([open.loadDataDir]) } : {}),
});
growMemoryFilesByDoubling(pglite);
port.postMessage({ ready: true });

/** Runs bytes through the backend: the answer's chunks are views into the database's memory, so copied. */
async function run(/** @type {Uint8Array} */ message) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  await pglite.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (data) => {
      chunks.push(data.slice());
      length += data.length;
    },
  });
  return join(chunks, length);
}

function join(/** @type {Uint8Array[]} */ chunks, /** @type {number} */ length) {
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** Named statements prepared on the backend (by any connection). */
const prepared = new Set();
/**
 * The Parse message of every named statement ever prepared, by name: sent again before the next Bind of
 * one that a replan dropped. Bounded as the names are (pool-db.ts MAX_PREPARED_TEXTS).
 */
const parses = new Map();
/** The connection whose transaction is open, or null. */
let holder = /** @type {number | null} */ (null);
/** @type {Exchange[]} */
const queue = [];
let running = false;

/**
 * A connection's messages as the shared backend must see them: without the Parse of a statement already
 * prepared (by any connection), and without the Close of a named statement (pg closes one only when
 * binding its values failed, and it would be gone for the connections that use it too; its name stands
 * for its text, so keeping it is harmless). `answered` is what the backend would have said to the messages
 * left out (ParseComplete, CloseComplete), `parsed` the named statement the messages prepare, if any.
 * A Bind that opens the messages and names a statement a replan dropped gets its Parse put back in front
 * (`reparsed`): the backend's ParseComplete for it is not the connection's to see (exchange).
 */
function forBackend(/** @type {Uint8Array} */ message) {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  // The startup message has no type byte: its length, then the protocol version 3.0.
  if (message.length >= 8 && view.getInt32(0) === message.length && view.getInt32(4) === 196608)
    return { kept: message, answered: [], parsed: null };
  /** @type {Uint8Array[]} */
  const kept = [];
  /** @type {Uint8Array[]} */
  const answered = [];
  let parsed = /** @type {string | null} */ (null);
  let reparsed = /** @type {string | null} */ (null);
  for (let at = 0; at + 5 <= message.length;) {
    const end = at + 1 + view.getInt32(at + 1);
    const one = message.subarray(at, end);
    at = end;
    if (one[0] === BIND && kept.length === 0 && answered.length === 0) {
      const nameAt = one.indexOf(0, 5) + 1;
      const name = decoder.decode(one.subarray(nameAt, one.indexOf(0, nameAt)));
      const parse = parses.get(name);
      if (name !== '' && parse && !prepared.has(name)) {
        kept.push(parse);
        reparsed = name;
      }
    }
    if (one[0] === PARSE || (one[0] === CLOSE && one[5] === STATEMENT)) {
      const nameAt = one[0] === PARSE ? 5 : 6;
      const name = decoder.decode(one.subarray(nameAt, one.indexOf(0, nameAt)));
      if (name !== '' && one[0] === CLOSE) {
        answered.push(CLOSE_COMPLETE);
        continue;
      }
      if (name !== '' && prepared.has(name)) {
        answered.push(PARSE_COMPLETE);
        continue;
      }
      if (name !== '') {
        parsed = name;
        parses.set(name, one.slice());
      }
    }
    kept.push(one);
  }
  if (answered.length === 0 && reparsed === null) return { kept: message, answered, parsed, reparsed };
  return {
    kept: join(
      kept,
      kept.reduce((n, m) => n + m.length, 0),
    ),
    answered,
    parsed,
    reparsed,
  };
}

/**
 * The plan mode the messages need (pool-db.ts PLAN_GENERIC): their first Bind's, by the statement it names
 * (a named one generically, the unnamed one for its values); null when they bind nothing, or bind no values
 * (a statement without parameters is planned for what it says in either mode).
 */
function planModeOf(/** @type {Uint8Array} */ message) {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  if (message.length >= 8 && view.getInt32(0) === message.length && view.getInt32(4) === 196608) return null;
  for (let at = 0; at + 5 <= message.length; at += 1 + view.getInt32(at + 1)) {
    if (message[at] !== BIND) continue;
    // Bind: the portal's name, the statement's, the parameters' format codes, then the values' count.
    const nameAt = message.indexOf(0, at + 5) + 1;
    const formatsAt = message.indexOf(0, nameAt) + 1;
    const values = view.getInt16(formatsAt + 2 + 2 * view.getInt16(formatsAt));
    if (values === 0) return null;
    return message[nameAt] === 0 ? 'unnamed' : 'named';
  }
  return null;
}

/**
 * Runs one connection's exchange; the answer, or null when there is none. A BEGIN in front of the messages
 * (pglite-wire.ts) runs first, as an exchange of its own, so that the messages after it are seen as the
 * transaction's (their Parse and Bind, their plan setting).
 */
async function exchange(/** @type {Exchange} */ item) {
  const { message } = item;
  if (message.length <= BEGIN.length || !startsWith(message, BEGIN)) return exchangeOne(item);
  const begun = await exchangeOne({ ...item, message: BEGIN, mode: null });
  const answer = await exchangeOne({ ...item, message: message.subarray(BEGIN.length) });
  if (!begun || !answer) return begun ?? answer;
  return join([begun, answer], begun.length + answer.length);
}

function startsWith(/** @type {Uint8Array} */ bytes, /** @type {Uint8Array} */ head) {
  return bytes.length >= head.length && head.every((b, i) => bytes[i] === b);
}

/** Runs one connection's messages; the answer, or null when there is none. */
async function exchangeOne(/** @type {Exchange} */ { connection, message, mode }) {
  if (message[0] === TERMINATE && message.length === 5) {
    // The connection ends: nothing to answer. Its open transaction must not outlive it.
    if (holder === connection) {
      await run(ROLLBACK);
      holder = null;
      if (setInTransaction) planMode = null;
      setInTransaction = false;
    }
    return null;
  }
  if (connection === REPLAN) {
    // No transaction is open (pump): the statements go, and each is parsed again at its next use.
    await run(DEALLOCATE_ALL);
    prepared.clear();
    return null;
  }
  const { kept, answered, parsed, reparsed } = forBackend(message);
  if (mode && mode !== planMode) {
    // Its answer (CommandComplete, ReadyForQuery) is not the connection's; in a failed transaction the
    // setting fails, and so will the statement.
    const set = await run(PLAN_MODES[mode]);
    planMode = set[set.length - 1] === FAILED ? null : mode;
    if (holder === connection) setInTransaction = true;
  }
  const inTransaction = holder === connection;
  let answer = kept.length > 0 ? await run(kept) : new Uint8Array(0);
  // pg parses first, so a statement it prepares was prepared when the answer starts with ParseComplete.
  if (parsed !== null && answer[0] === PARSE_COMPLETE[0]) prepared.add(parsed);
  if (reparsed !== null && answer[0] === PARSE_COMPLETE[0]) {
    prepared.add(reparsed);
    answer = answer.subarray(PARSE_COMPLETE.length);
  }
  // What the left-out messages would have been answered, first: before the ReadyForQuery that ends the
  // exchange (pg sends them before anything that answers with data).
  if (answered.length > 0) answer = join([...answered, answer], answered.length * 5 + answer.length);
  // Every answer to a query ends with ReadyForQuery: 'Z', length 5, the transaction status.
  if (answer.length >= 6 && answer[answer.length - 6] === READY_FOR_QUERY)
    holder = answer[answer.length - 1] === IDLE ? null : connection;
  if (holder === null && inTransaction) {
    // A setting made in the transaction is undone when it rolls back (a ROLLBACK, or a COMMIT of a failed
    // one): the next statement sets it again. One that commits keeps it, as does a transaction that made
    // none: an acceptance's statements, all prepared, need no setting in the transaction or after it.
    if (setInTransaction && !endsWith(answer, COMMITTED)) planMode = null;
    setInTransaction = false;
  }
  return answer;
}

function endsWith(/** @type {Uint8Array} */ bytes, /** @type {Uint8Array} */ tail) {
  if (bytes.length < tail.length) return false;
  const at = bytes.length - tail.length;
  return tail.every((b, i) => bytes[at + i] === b);
}

function reply(/** @type {number} */ id, /** @type {Uint8Array | null} */ data) {
  if (data) port?.postMessage({ id, data }, [/** @type {ArrayBuffer} */ (data.buffer)]);
  else port?.postMessage({ id, data: null });
}

function fail(/** @type {number} */ id, /** @type {unknown} */ error) {
  port?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
}

/** Runs queued exchanges in order, those of the open transaction's connection only while it is open. */
async function pump() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const next = holder === null ? nextOfAny() : queue.findIndex((e) => e.connection === holder);
      if (next < 0 || next >= queue.length) break;
      const [item] = queue.splice(next, 1);
      await exchange(item).then(
        (answer) => reply(item.id, answer),
        (error) => fail(item.id, error),
      );
    }
  } finally {
    running = false;
  }
  if (queue.length > 0) watchWaiting();
}

/**
 * The next exchange when no transaction is open: the oldest, unless it needs the other plan mode and a later
 * one (of a connection with nothing before it in the queue) does not; the oldest is passed MAX_PASSED times
 * at most. The connections are independent callers: which of theirs runs first is not theirs to know.
 */
function nextOfAny() {
  const head = queue[0];
  if (!head || !head.mode || head.mode === planMode || head.passed >= MAX_PASSED) return 0;
  for (let i = 1; i < queue.length; i++) {
    const e = queue[i];
    if (e.mode && e.mode !== planMode) continue;
    if (queue.slice(0, i).some((before) => before.connection === e.connection)) continue;
    for (let j = 0; j < i; j++) queue[j].passed++;
    return i;
  }
  return 0;
}

let pumpScheduled = false;

/**
 * Pumps once every message that came meanwhile is in the queue (they are delivered one after another, each
 * pumped to its end before the next is seen): nextOfAny can only choose among exchanges it sees.
 */
function pumpSoon() {
  if (pumpScheduled) return;
  pumpScheduled = true;
  setImmediate(() => {
    pumpScheduled = false;
    void pump();
  });
}

let watching = /** @type {NodeJS.Timeout | null} */ (null);

/** While exchanges wait for a transaction, fails those that waited WAIT_LIMIT_MS. */
function watchWaiting() {
  if (watching) return;
  watching = setInterval(
    () => {
      const limit = Date.now() - WAIT_LIMIT_MS;
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i].connection === holder || queue[i].queuedAt > limit) continue;
        const [item] = queue.splice(i, 1);
        fail(
          item.id,
          new Error(`waited ${WAIT_LIMIT_MS} ms for a transaction on another connection of the database`),
        );
      }
      if (queue.length === 0 && watching) {
        clearInterval(watching);
        watching = null;
      }
    },
    Math.min(1000, WAIT_LIMIT_MS / 2),
  );
}

port.on('message', (/** @type {Request} */ request) => {
  if (request.op === 'exchange') {
    const { id, connection, message } = request;
    queue.push({ id, connection, message, queuedAt: Date.now(), mode: planModeOf(message), passed: 0 });
    pumpSoon();
    return;
  }
  if (request.op === 'replan') {
    queue.push({
      id: request.id,
      connection: REPLAN,
      message: new Uint8Array(0),
      queuedAt: Date.now(),
      mode: null,
      passed: 0,
    });
    pumpSoon();
    return;
  }
  if (watching) clearInterval(watching);
  // The exchanges that came before it (the pool's connections ending) are answered first (pumpSoon).
  pump()
    .then(() => pglite.close())
    .then(
      () => {
        reply(request.id, null);
        port.close();
      },
      (error) => fail(request.id, error),
    );
});
