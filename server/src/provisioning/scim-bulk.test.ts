/**
 * The bulk requests a delivery makes users with (scim-bulk.ts), against a client that answers as a target
 * would: what the target's configuration allows, how the users are split into requests, and which of them
 * count as made.
 */
import {
  BULK_OPERATIONS,
  bulkLimitsOnce,
  createInBulk,
  readBulkLimits,
  SCIM_BULK_REQUEST,
  type BulkUser,
} from './scim-bulk.js';
import { ScimError, type ScimAnswer, type ScimClient } from './scim-client.js';

type Answer = (method: string, path: string, body: unknown) => ScimAnswer | Error;

/** A client answering by `answer`, every call recorded. */
function client(answer: Answer) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const c: ScimClient = {
    send(method, path, body) {
      calls.push({ method, path, body });
      const answered = answer(method, path, body);
      return answered instanceof Error ? Promise.reject(answered) : Promise.resolve(answered);
    },
  };
  return { client: c, calls };
}

const config =
  (bulk: unknown): Answer =>
  () => ({ status: 200, body: { bulk } });

/** Answers every operation of a bulk request as made, under `/Users/r<bulkId>`, but those `refuse` names. */
const makesAll =
  (refuse: (bulkId: string) => boolean = () => false): Answer =>
  (_method, _path, body) => ({
    status: 200,
    body: {
      Operations: (body as { Operations: Array<{ bulkId: string }> }).Operations.map(({ bulkId }) =>
        refuse(bulkId)
          ? { method: 'POST', bulkId, status: '409', response: { status: '409', scimType: 'uniqueness' } }
          : {
              method: 'POST',
              bulkId,
              status: '201',
              location: `https://scim.example.org/v2/Users/r${bulkId}`,
            },
      ),
    },
  });

const users = (n: number, from = 1): BulkUser[] =>
  Array.from({ length: n }, (_, i) => ({ key: from + i, body: { userName: `user${from + i}@example.org` } }));

describe('a target’s bulk limits', () => {
  it('are its ServiceProviderConfig’s when it says bulk is supported', async () => {
    const { client: c, calls } = client(
      config({ supported: true, maxOperations: 50, maxPayloadSize: 65536 }),
    );
    expect(await readBulkLimits(c)).toEqual({ maxOperations: 50, maxPayloadSize: 65536 });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /ServiceProviderConfig']);
  });

  it('are none when it says unsupported, gives limits it cannot keep, or has no configuration', async () => {
    for (const bulk of [
      { supported: false, maxOperations: 50, maxPayloadSize: 65536 },
      { supported: 'true', maxOperations: 50, maxPayloadSize: 65536 },
      { supported: true, maxOperations: 1, maxPayloadSize: 65536 },
      { supported: true, maxOperations: 2.5, maxPayloadSize: 65536 },
      { supported: true, maxOperations: 50, maxPayloadSize: 0 },
      { supported: true, maxOperations: 50 },
      undefined,
    ]) {
      expect(await readBulkLimits(client(config(bulk)).client)).toBeNull();
    }
    const missing = client(() => new ScimError('GET /ServiceProviderConfig: HTTP 404', 404, false));
    expect(await readBulkLimits(missing.client)).toBeNull();
  });

  it('are not known while the target cannot be reached: the failure is thrown, and asked again next time', async () => {
    let down = true;
    const { client: c, calls } = client(() =>
      down
        ? new ScimError('GET /ServiceProviderConfig: ECONNREFUSED', null, true)
        : { status: 200, body: { bulk: { supported: true, maxOperations: 10, maxPayloadSize: 1000 } } },
    );
    const limits = bulkLimitsOnce(c);
    await expect(limits()).rejects.toThrow('ECONNREFUSED');
    down = false;
    expect(await limits()).toEqual({ maxOperations: 10, maxPayloadSize: 1000 });
    // Known from then on: not asked again.
    expect(await limits()).toEqual({ maxOperations: 10, maxPayloadSize: 1000 });
    expect(calls).toHaveLength(2);
  });
});

describe('users made in bulk', () => {
  it('go in requests of at most maxOperations, in order, each operation a POST of one user by its key', async () => {
    const { client: c, calls } = client(makesAll());
    const { made, failure } = await createInBulk(c, users(5), {
      maxOperations: 2,
      maxPayloadSize: 1_000_000,
    });
    expect(failure).toBeUndefined();
    expect(
      calls.map((call) =>
        (call.body as { Operations: Array<{ bulkId: string }> }).Operations.map((o) => o.bulkId),
      ),
    ).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/Bulk',
      body: {
        schemas: [SCIM_BULK_REQUEST],
        Operations: [
          { method: 'POST', path: '/Users', bulkId: '1', data: { userName: 'user1@example.org' } },
          { method: 'POST', path: '/Users', bulkId: '2', data: { userName: 'user2@example.org' } },
        ],
      },
    });
    expect(made).toEqual(new Map([1, 2, 3, 4, 5].map((key) => [key, `r${key}`])));
  });

  it('go at most BULK_OPERATIONS to a request, whatever more the target takes', async () => {
    const { client: c, calls } = client(makesAll());
    const { made } = await createInBulk(c, users(BULK_OPERATIONS + 4), {
      maxOperations: 1000,
      maxPayloadSize: 1_000_000,
    });
    expect(calls.map((call) => (call.body as { Operations: unknown[] }).Operations.length)).toEqual([
      BULK_OPERATIONS,
      4,
    ]);
    expect(made.size).toBe(BULK_OPERATIONS + 4);
  });

  it('go in requests whose bodies stay within maxPayloadSize; a user too large for any is left out', async () => {
    const { client: c, calls } = client(makesAll());
    const large = { key: 9, body: { userName: 'x'.repeat(2_000) } };
    const { made } = await createInBulk(c, [...users(4), large], { maxOperations: 100, maxPayloadSize: 500 });
    for (const call of calls) expect(Buffer.byteLength(JSON.stringify(call.body))).toBeLessThanOrEqual(500);
    expect(calls.length).toBeGreaterThan(1);
    expect([...made.keys()]).toEqual([1, 2, 3, 4]);
  });

  it('are made only where an operation of theirs answers 201 with a location; the rest are left', async () => {
    const { client: c } = client((_m, _p, body) => {
      const ops = (body as { Operations: Array<{ bulkId: string }> }).Operations;
      return {
        status: 200,
        body: {
          Operations: [
            { bulkId: ops[0]!.bulkId, status: '201', location: '/v2/Users/with%20space' },
            { bulkId: ops[1]!.bulkId, status: 201, location: 'https://scim.example.org/v2/Users/42' },
            { bulkId: ops[2]!.bulkId, status: '409' },
            { bulkId: ops[3]!.bulkId, status: '201' },
            { bulkId: 'not-asked', status: '201', location: '/v2/Users/stranger' },
            'not an operation',
          ],
        },
      };
    });
    const { made } = await createInBulk(c, users(5), { maxOperations: 10, maxPayloadSize: 100_000 });
    expect(made).toEqual(
      new Map([
        [1, 'with space'],
        [2, '42'],
      ]),
    );
  });

  it('are none where one id is answered for two of them: each goes by a call of their own', async () => {
    const { client: c } = client((_m, _p, body) => ({
      status: 200,
      body: {
        Operations: (body as { Operations: Array<{ bulkId: string }> }).Operations.map(({ bulkId }) => ({
          bulkId,
          status: '201',
          location: `/v2/Users/${bulkId === '3' ? 'r3' : 'same'}`,
        })),
      },
    }));
    const { made } = await createInBulk(c, users(3), { maxOperations: 10, maxPayloadSize: 100_000 });
    expect(made).toEqual(new Map([[3, 'r3']]));
  });

  it('are left whole to their own calls when a request is refused whole; a failure to try again ends it', async () => {
    // As the client sorts it: a 5xx, but one that says the target has no bulk requests.
    const refusing = client(() => new ScimError('POST /Bulk: HTTP 501', 501, true));
    expect(
      await createInBulk(refusing.client, users(3), { maxOperations: 2, maxPayloadSize: 100_000 }),
    ).toEqual({
      made: new Map(),
    });
    // Each request was tried.
    expect(refusing.calls).toHaveLength(2);

    const busy = new ScimError('POST /Bulk: HTTP 503', 503, true);
    let n = 0;
    const failing = client((...call) => (n++ === 0 ? makesAll()(...call) : busy));
    const outcome = await createInBulk(failing.client, users(5), {
      maxOperations: 2,
      maxPayloadSize: 100_000,
    });
    expect(outcome).toEqual({
      made: new Map([
        [1, 'r1'],
        [2, 'r2'],
      ]),
      failure: busy,
    });
    expect(failing.calls).toHaveLength(2);
  });

  it('are none for a single user: it goes by a call of its own', async () => {
    const { client: c, calls } = client(makesAll());
    expect(await createInBulk(c, users(1), { maxOperations: 10, maxPayloadSize: 100_000 })).toEqual({
      made: new Map(),
    });
    expect(calls).toEqual([]);
  });
});
