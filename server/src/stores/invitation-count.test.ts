/**
 * The number of invitations kept as they are written (migration 043), which the list of every invitation
 * reads for its capped total: it equals the table's count after every kind of write.
 */
import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { COUNT_CAP } from 'shared-auth/rules';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import { apiApp, call, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let roleId: number;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  roleId = await insertRole(app, 'Counted role');
});
afterAll(() => app.close());

/** The kept number and the table's count. */
async function numbers(): Promise<{ kept: number; counted: number }> {
  const { rows } = await app.db.query<{ kept: number; counted: number }>(
    `SELECT (SELECT COALESCE(sum(n), 0)::int FROM row_counts WHERE counted = 'invitations') AS kept,
            (SELECT count(*)::int FROM invitations) AS counted`,
  );
  return rows[0];
}

async function expectKept(counted: number): Promise<void> {
  expect(await numbers()).toEqual({ kept: counted, counted });
}

/** The total of a super user's list of every invitation, and the statements it sent. */
async function listTotal(): Promise<{ total: number; sql: string[] }> {
  const spy = jest.spyOn(app.db, 'query');
  try {
    const res = await call(app, s.admin, 'GET', '/api/v1/invitations/search?pageSize=5');
    expect(res.statusCode).toBe(200);
    return {
      total: (res.json() as { totalElements: number }).totalElements,
      sql: spy.mock.calls.map(([sql]) => String(sql)),
    };
  } finally {
    spy.mockRestore();
  }
}

const invite = (addresses: string[]) =>
  call(app, s.admin, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'GUEST',
    invites: addresses,
    roleIdentifiers: [roleId],
    language: 'en',
    expiryDate: Math.floor(Date.now() / 1000) + 14 * 86_400,
  });

describe('the kept number of invitations', () => {
  it('follows invitations made and deleted through the API', async () => {
    const before = (await numbers()).counted;
    expect((await invite(['a@example.org', 'b@example.org', 'c@example.org'])).statusCode).toBe(201);
    await expectKept(before + 3);
    const { rows } = await app.db.query<{ id: string }>(
      "SELECT id FROM invitations WHERE email = 'b@example.org'",
    );
    expect((await call(app, s.admin, 'DELETE', `/api/v1/invitations/${rows[0].id}`)).statusCode).toBe(204);
    await expectKept(before + 2);
    // The list of every invitation reads it, and answers the table's number.
    const list = await listTotal();
    expect(list.total).toBe(before + 2);
    expect(list.sql.some((sql) => sql.includes('row_counts'))).toBe(true);
  });

  it('follows statements of many rows, from several connections at once, and a rolled-back one', async () => {
    const before = (await numbers()).counted;
    const insert = (tag: string, n: number) =>
      app.db.tx((q) =>
        q.query(
          `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
           SELECT $1 || g, $1 || g || '@example.org', 'GUEST', now() + interval '1 day' FROM generate_series(1, $2::int) g`,
          [tag, n],
        ),
      );
    await Promise.all([insert('p', 7), insert('q', 5), insert('r', 11)]);
    await expectKept(before + 23);
    await expect(
      app.db.tx(async (q) => {
        await q.query(
          `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
           SELECT 'x' || g, 'x' || g || '@example.org', 'GUEST', now() FROM generate_series(1, 4) g`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectKept(before + 23);
    await app.db.query("DELETE FROM invitations WHERE email LIKE 'q%' OR email LIKE 'r1%'");
    await expectKept(before + 23 - 5 - 3); // r1, r10, r11
    // A delete that finds nothing writes nothing.
    await app.db.query("DELETE FROM invitations WHERE email = 'nobody@example.org'");
    await expectKept(before + 15);
  });

  it('is counted again after the performance seed, whose batches skip the triggers', async () => {
    await performanceSeed(app.db, { roles: 3, users: COUNT_CAP + 3 });
    const { counted } = await numbers();
    expect(counted).toBeGreaterThan(COUNT_CAP);
    await expectKept(counted);
    expect((await listTotal()).total).toBe(COUNT_CAP + 1);
  });

  it('empties with the table', async () => {
    await app.db.query('TRUNCATE invitations CASCADE');
    await expectKept(0);
    expect((await listTotal()).total).toBe(0);
  });
});
