/**
 * Which failures mean "the database cannot be reached right now" (stopped, restarting, the network or a
 * pool that cannot get a connection), as opposed to a statement that failed on its own merits. The first
 * kind is answered 503 with Retry-After (errors.ts): the caller may try again and nothing in the server is
 * broken; the second stays a 500 with a reference to its log line.
 */

/**
 * SQLSTATEs of a database that is going away, starting up or refusing connections. Class 08 is every
 * connection exception; 57P01–57P03 are admin_shutdown, crash_shutdown and cannot_connect_now (a restart,
 * a crash recovery, "the database system is starting up"); 53300 is too_many_connections, which also
 * passes once others let go.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of Node (`error.code`) on the way to the server or while talking to it. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool report a lost or never-made connection by message only, with no code: the
 * server closed the socket mid-statement, a connect timed out, a statement went to a client already
 * broken, or the pool waited `connectionTimeoutMillis` for a free connection.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/i,
  /is not queryable/i, // "Client has encountered a connection error and is not queryable"
  /^Client was closed and is not queryable$/i,
];

/** How deep to follow `cause` and AggregateError's `errors` (Node wraps one refused connect per address). */
const MAX_DEPTH = 4;

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True when `error` (or what it wraps) says the database is unreachable, restarting or out of connections. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > MAX_DEPTH) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (code.length === 5 && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  const inner = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(inner.errors) && inner.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(inner.cause, depth + 1);
}

/** A one-line account of why, for the log: the code when there is one, and the message. */
export function describeUnavailable(error: unknown): string {
  if (!error || typeof error !== 'object') return String(error);
  const code = codeOf(error);
  const message = (error as { message?: unknown }).message;
  let text = typeof message === 'string' && message ? message : (error as object).constructor.name;
  // AggregateError's own message is empty; its parts say what happened (one refused connect per address).
  const parts = (error as { errors?: unknown }).errors;
  if (Array.isArray(parts) && parts.length > 0) {
    text = parts.map((part) => describeUnavailable(part)).join('; ');
    return code ? `${code}: ${text}` : text;
  }
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}
