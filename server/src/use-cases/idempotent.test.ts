/**
 * What an Idempotency-Key is bound to (issue 57): the operation and the body, the body read as canonical
 * JSON. The same key and body on another operation is another request, never the first one's answer (the
 * route-level proof, a 422, is in routes/external/external-idempotency-lease.test.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { makeToken } from '../routes/external/external-test-kit.js';
import { IDEMPOTENCY_LEASE_SECONDS } from '../stores/idempotency.store.js';
import { apiApp, loginPersonas } from '../test/api-kit.js';
import { idempotencyRequestHash, idempotent } from './idempotent.js';

describe('idempotencyRequestHash', () => {
  const body = { email: 'jan@uni.example', roleIdentifiers: [1, 2] };

  it('differs between operations for the same body', () => {
    expect(idempotencyRequestHash('POST invitations', body)).not.toBe(
      idempotencyRequestHash('POST user_role_provisioning', body),
    );
  });

  it('is a SHA-256 of the operation and the canonical body', () => {
    expect(idempotencyRequestHash('POST invitations', body)).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyRequestHash('POST invitations', body)).toBe(
      idempotencyRequestHash('POST invitations', { roleIdentifiers: [1, 2], email: 'jan@uni.example' }),
    );
  });

  it('ignores the order of object keys, at every depth, and keys left undefined', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    expect(hash({ a: 1, b: { c: 2, d: 3 } })).toBe(hash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hash({ a: 1, b: undefined })).toBe(hash({ a: 1 }));
    expect(hash([{ y: 1, x: 2 }])).toBe(hash([{ x: 2, y: 1 }]));
  });

  it('tells apart bodies that differ in a value, an array order, a key or a type', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    const distinct = [
      { a: 1 },
      { a: 2 },
      { b: 1 },
      { a: '1' },
      { a: [1, 2] },
      { a: [2, 1] },
      { a: null },
      { a: {} },
      { a: 1, b: 2 },
      [1, 2],
      [12],
      { 0: 1 },
      [1],
      [[1]],
      '1',
      null,
    ];
    expect(new Set(distinct.map(hash)).size).toBe(distinct.length);
    expect(hash(undefined)).toBe(hash(null));
  });

  it('sorts keys by code point, capitals before small letters', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    expect(hash({ B: 1, a: 2, b: 3 })).toBe(hash({ b: 3, a: 2, B: 1 }));
    expect(hash({ b: 3, B: 1, a: 2 })).toBe(hash({ a: 2, b: 3, B: 1 }));
    const keys = ['k', 'c', 'x', 'a', 'q', 'e', 'z', 'b', 'm', 'd'];
    const forwards = Object.fromEntries(keys.map((key, i) => [key, i]));
    const backwards = Object.fromEntries([...keys].reverse().map((key) => [key, keys.indexOf(key)]));
    expect(hash(forwards)).toBe(hash(backwards));
  });
});

describe('the canonical body hashed', () => {
  it('is the operation, a newline and the JSON with keys in code-point order, without spaces', () => {
    // Kept hashes outlive a release (24 hours): the text hashed must not change with the code.
    const expected = createHash('sha256')
      .update('POST roles\n{"B":[1,{"c":"x","d":null}],"a":true,"b":"2"}')
      .digest('hex');
    expect(idempotencyRequestHash('POST roles', { b: '2', a: true, B: [1, { d: null, c: 'x' }] })).toBe(
      expected,
    );
  });
});

// idempotent() itself, over a real database: what is kept per key, and what it tells a retry.
describe('idempotent', () => {
  let app: FastifyInstance;
  let token: { id: number; secret: string };
  beforeAll(async () => {
    app = await apiApp();
    token = await makeToken(app, (await loginPersonas(app)).institutionAdmin, 'Idempotent use case');
  });
  afterAll(() => app.close());

  /** A request of the external API as idempotent() reads it, with the warnings it logs. */
  function request(key: string | undefined, body: unknown, withToken = true) {
    const warnings: unknown[][] = [];
    const req = {
      headers: key === undefined ? {} : { 'idempotency-key': key },
      apiToken: withToken ? { id: token.id, description: 'Idempotent use case' } : undefined,
      server: app,
      body,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    } as unknown as FastifyRequest;
    return { req, warnings };
  }
  const keysKept = async () =>
    Number(
      (
        await app.db.query<{ n: string }>('SELECT count(*) AS n FROM idempotency_keys WHERE token_id = $1', [
          token.id,
        ])
      ).rows[0]!.n,
    );

  it('simply runs, each time and keeping nothing, without a key, with an empty one, or without a token', async () => {
    const before = await keysKept();
    let runs = 0;
    const create = async () => ({ status: 201, body: { run: (runs += 1) } });
    for (const [key, withToken] of [
      [undefined, true],
      [undefined, true],
      ['', true],
      ['no-token', false],
      ['no-token', false],
    ] as const) {
      const { req } = request(key, { a: 1 }, withToken);
      expect(await idempotent(req, 'op', create)).toEqual({
        status: 201,
        body: { run: runs },
        replayed: false,
      });
    }
    expect(runs).toBe(5);
    expect(await keysKept()).toBe(before);
  });

  it('answers the first answer again for the same key and body, and refuses (422) another body', async () => {
    let runs = 0;
    const create = async () => ({ status: 201, body: { run: (runs += 1) } });
    const first = await idempotent(request('same-key', { a: 1 }).req, 'op', create);
    expect(first).toEqual({ status: 201, body: { run: 1 }, replayed: false });
    expect(await idempotent(request('same-key', { a: 1 }).req, 'op', create)).toEqual({
      status: 201,
      body: { run: 1 },
      replayed: true,
    });
    await expect(idempotent(request('same-key', { a: 2 }).req, 'op', create)).rejects.toMatchObject({
      statusCode: 422,
      message:
        'This Idempotency-Key was used in the last 24 hours for another request: send a new key for a new request',
    });
    expect(runs).toBe(1);
  });

  it('lets a failed run go: its error reaches the caller, and a retry with the key runs', async () => {
    const failing = async (): Promise<{ status: number; body: string }> => {
      throw new Error('mail server away');
    };
    await expect(idempotent(request('failed-key', { a: 1 }).req, 'op', failing)).rejects.toThrow(
      'mail server away',
    );
    const retry = await idempotent(request('failed-key', { a: 1 }).req, 'op', async () => ({
      status: 201,
      body: 'made',
    }));
    expect(retry).toEqual({ status: 201, body: 'made', replayed: false });
  });

  it('renews its claim while it runs, well within the lease', async () => {
    const realSetInterval = globalThis.setInterval;
    const intervals: Array<{ renew: () => void; ms: number }> = [];
    globalThis.setInterval = ((renew: () => void, ms: number) => {
      intervals.push({ renew, ms });
      return realSetInterval(renew, ms);
    }) as typeof setInterval;
    const claimedAgo = async () =>
      Number(
        (
          await app.db.query<{ ago: number }>(
            "SELECT extract(epoch FROM clock_timestamp() - claimed_at)::float AS ago FROM idempotency_keys WHERE key = 'renewed-key'",
          )
        ).rows[0]!.ago,
      );
    try {
      await idempotent(request('renewed-key', { a: 1 }).req, 'op', async () => {
        // The renewal idempotent() set up just before running this.
        const { renew, ms } = intervals.at(-1)!;
        expect(ms).toBeLessThanOrEqual((IDEMPOTENCY_LEASE_SECONDS * 1000) / 2);
        expect(ms).toBeGreaterThanOrEqual(1000);
        await app.db.query(
          "UPDATE idempotency_keys SET claimed_at = clock_timestamp() - interval '50 seconds' WHERE key = 'renewed-key'",
        );
        expect(await claimedAgo()).toBeGreaterThan(45);
        renew();
        // The renewal is not awaited: read until it landed (PGlite runs statements in order, a pool may not).
        let ago = await claimedAgo();
        for (let reads = 0; reads < 100 && ago > 45; reads += 1) ago = await claimedAgo();
        expect(ago).toBeLessThan(45);
        return { status: 201, body: null };
      });
    } finally {
      globalThis.setInterval = realSetInterval;
    }
  });

  it('says so when a retry took its claim over before its answer was kept, and stays quiet otherwise', async () => {
    const quiet = request('kept-key', { a: 1 });
    await idempotent(quiet.req, 'op', async () => ({ status: 201, body: 1 }));
    expect(quiet.warnings).toEqual([]);

    const overtaken = request('overtaken-key', { a: 1 });
    const result = await idempotent(overtaken.req, 'op', async () => {
      await app.db.query("UPDATE idempotency_keys SET claim_id = 'a-retry' WHERE key = 'overtaken-key'");
      return { status: 201, body: 2 };
    });
    expect(result).toEqual({ status: 201, body: 2, replayed: false });
    expect(overtaken.warnings).toEqual([
      [
        { key: 'overtaken-key' },
        'idempotency: the claim was taken over by a retry before this answer was kept',
      ],
    ]);
  });
});
