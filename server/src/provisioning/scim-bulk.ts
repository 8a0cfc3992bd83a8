/**
 * SCIM bulk requests (RFC 7644 §3.7): the users a batch makes at a target, sent as the operations of a few
 * bulk requests instead of one call each, when the target says it takes them (its ServiceProviderConfig,
 * RFC 7643 §5). One round trip for a batch: a delivery loop whose calls wait on a busy target or a busy
 * instance makes its users at the pace of its batches instead of its calls.
 *
 * Only the making of users goes in bulk: each operation's own answer says whether it was made, and whatever
 * a bulk did not make (an operation refused, the answer not understood, the request refused whole) is sent
 * again on its own by the caller, whose single call knows the rest (a 409 adopts the user the target has).
 */
import { ScimError, type ScimClient } from './scim-client.js';

export const SCIM_BULK_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';

/** What a target takes in one bulk request. */
export interface BulkLimits {
  maxOperations: number;
  /** Bytes of the request's body. */
  maxPayloadSize: number;
}

/** The fewest operations worth a bulk request: one user goes by a call of its own. */
const LEAST_OPERATIONS = 2;

/**
 * The most users one bulk request makes, whatever more the target takes. A target works through a bulk
 * request's operations one after another: a short request is answered within the call's timeout
 * (PROVISIONING_TIMEOUT) at a slow target too, and holds a busy one for less at a time. Measured with the
 * development provider sharing the bench's process (e2e/README.md): 16 a request against 64, acceptance
 * p95 90-94 ms against 103-104, memberships a second 252-260 against 233-234, the provider complete as
 * soon after the last acceptance (206-332 ms).
 */
export const BULK_OPERATIONS = 16;

/**
 * The target's bulk limits, from its ServiceProviderConfig: null when it takes no bulk requests (says so,
 * has no such document, or answers one this client cannot read). A failure worth trying again (the target
 * not reachable, 5xx) throws, as any call of the delivery does.
 */
export async function readBulkLimits(client: ScimClient): Promise<BulkLimits | null> {
  let body: Record<string, unknown> | null;
  try {
    ({ body } = await client.send('GET', '/ServiceProviderConfig'));
  } catch (error) {
    if (error instanceof ScimError && !error.retry) return null;
    throw error;
  }
  const bulk = body?.bulk as
    { supported?: unknown; maxOperations?: unknown; maxPayloadSize?: unknown } | undefined;
  if (bulk?.supported !== true) return null;
  const { maxOperations, maxPayloadSize } = bulk;
  if (
    typeof maxOperations !== 'number' ||
    !Number.isInteger(maxOperations) ||
    maxOperations < LEAST_OPERATIONS
  )
    return null;
  if (typeof maxPayloadSize !== 'number' || !Number.isInteger(maxPayloadSize) || maxPayloadSize <= 0)
    return null;
  return { maxOperations, maxPayloadSize };
}

/**
 * readBulkLimits asked once for the life of one delivery loop (the loop ends when nothing is due, and the
 * next one asks again): a failure worth trying again is not kept, the next batch asks anew.
 */
export function bulkLimitsOnce(client: ScimClient): () => Promise<BulkLimits | null> {
  let known: Promise<BulkLimits | null> | undefined;
  return () => {
    known ??= readBulkLimits(client).catch((error: unknown) => {
      known = undefined;
      throw error;
    });
    return known;
  };
}

/** A user to make: the caller's key for them and the body of their POST /Users. */
export interface BulkUser {
  key: number;
  body: object;
}

interface BulkOperation {
  method: 'POST';
  path: '/Users';
  bulkId: string;
  data: object;
}

const NOT_IMPLEMENTED = 501;

/** The envelope's bytes besides the operations (schemas, the array's brackets): kept under the limit with room. */
const ENVELOPE_BYTES = 200;

/**
 * The operations in requests within the target's limits, in order: at most maxOperations each (and
 * BULK_OPERATIONS), and a body
 * no larger than maxPayloadSize (an operation larger than that alone goes in no request: left as not made,
 * for its own call).
 */
function requests(users: readonly BulkUser[], limits: BulkLimits): BulkOperation[][] {
  const chunks: BulkOperation[][] = [];
  const most = Math.min(limits.maxOperations, BULK_OPERATIONS);
  let chunk: BulkOperation[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const { key, body } of users) {
    const operation: BulkOperation = { method: 'POST', path: '/Users', bulkId: String(key), data: body };
    const size = Buffer.byteLength(JSON.stringify(operation)) + 1;
    if (ENVELOPE_BYTES + size > limits.maxPayloadSize) continue;
    if (chunk.length === most || bytes + size > limits.maxPayloadSize) {
      chunks.push(chunk);
      chunk = [];
      bytes = ENVELOPE_BYTES;
    }
    chunk.push(operation);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** A made user's id at the target, from their operation's `location` (its last path segment), or null. */
function remoteIdOf(location: unknown): string | null {
  if (typeof location !== 'string') return null;
  let path = location;
  try {
    path = new URL(location, 'http://target.invalid').pathname;
  } catch {
    return null;
  }
  const last = path
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (last === undefined) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return null;
  }
}

/**
 * Makes `users` at the target in bulk requests within `limits`, one request at a time: `made`, each user's
 * id there by their key, for those an operation answered as made (status 201 with a location). The others
 * are left to the caller's own calls. A request refused whole (a 4xx, or 501: the target takes no bulk
 * after all) leaves its users so too. A failure worth trying again (not reachable, 5xx, 429) ends it: `failure`, for the
 * caller to record for every user not made.
 */
export async function createInBulk(
  client: ScimClient,
  users: readonly BulkUser[],
  limits: BulkLimits,
): Promise<{ made: Map<number, string>; failure?: unknown }> {
  const made = new Map<number, string>();
  if (users.length < LEAST_OPERATIONS) return { made };
  for (const operations of requests(users, limits)) {
    let body: Record<string, unknown> | null;
    try {
      ({ body } = await client.send('POST', '/Bulk', {
        schemas: [SCIM_BULK_REQUEST],
        Operations: operations,
      }));
    } catch (error) {
      // 501: the target implements no bulk requests after all (a 5xx not worth trying again for this).
      if (error instanceof ScimError && (!error.retry || error.status === NOT_IMPLEMENTED)) continue;
      return { made, failure: error };
    }
    const answered = Array.isArray(body?.Operations) ? (body.Operations as unknown[]) : [];
    const asked = new Set(operations.map((operation) => operation.bulkId));
    for (const answer of answered) {
      if (typeof answer !== 'object' || answer === null) continue;
      const { bulkId, status, location } = answer as {
        bulkId?: unknown;
        status?: unknown;
        location?: unknown;
      };
      if (typeof bulkId !== 'string' || !asked.has(bulkId) || String(status) !== '201') continue;
      const remoteId = remoteIdOf(location);
      if (remoteId !== null) made.set(Number(bulkId), remoteId);
    }
  }
  // One id answered for two users (a target's mistake): neither is taken as made there, each goes by their
  // own call, so that no two people share one account at the target (a later DELETE of one would end both).
  const byId = new Map<string, number>();
  for (const remoteId of made.values()) byId.set(remoteId, (byId.get(remoteId) ?? 0) + 1);
  for (const [key, remoteId] of made) if (byId.get(remoteId)! > 1) made.delete(key);
  return { made };
}
