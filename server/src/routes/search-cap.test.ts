import type { FastifyInstance } from 'fastify';
import { COUNT_CAP } from 'shared-auth/rules';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import { apiApp, call, loginPersonas, type Sessions } from '../test/api-kit.js';

// More matching rows than the count cap: the searches answer one page and a count capped at COUNT_CAP + 1.
let app: FastifyInstance;
let s: Sessions;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  await performanceSeed(app.db, { roles: 12, users: COUNT_CAP + 20 });
});
afterAll(() => app.close());

const get = async (url: string) => {
  const res = await call(app, s.admin, 'GET', url);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    content: { name?: string; email?: string; roles?: { role: Record<string, unknown> }[] }[];
    totalElements: number;
  };
};

describe('searches past the count cap', () => {
  it('users/search: one page in case-insensitive name order, the total capped', async () => {
    const broad = await get('/api/v1/users/search?query=perf&pageNumber=0&pageSize=5');
    expect(broad.totalElements).toBe(COUNT_CAP + 1);
    expect(broad.content.map((u) => u.name)).toEqual([
      'Perf User 1',
      'Perf User 10',
      'Perf User 100',
      'Perf User 1000',
      'Perf User 1001',
    ]);
    // Pages past the cap are still answered.
    const late = await get('/api/v1/users/search?query=perf&pageNumber=203&pageSize=5');
    expect(late.content).toHaveLength(5);
    // The next page of a search past the cap comes from the same order.
    const second = await get('/api/v1/users/search?query=perf&pageNumber=1&pageSize=5');
    expect(second.content.map((u) => u.name)).toEqual(
      [1002, 1003, 1004, 1005, 1006].map((n) => `Perf User ${n}`),
    );
    const narrow = await get('/api/v1/users/search?query=perf%20user%20101&pageNumber=0&pageSize=5');
    expect(narrow.totalElements).toBe(11); // Perf User 101 and 1010 … 1019
    expect(narrow.content.map((u) => u.name)).toEqual(
      [101, 1010, 1011, 1012, 1013].map((n) => `Perf User ${n}`),
    );
    // Every match of a narrow search is sorted in memory: later pages and the other direction follow it.
    const narrowLast = await get('/api/v1/users/search?query=perf%20user%20101&pageNumber=2&pageSize=5');
    expect(narrowLast).toEqual({
      content: [expect.objectContaining({ name: 'Perf User 1019' })],
      totalElements: 11,
    });
    const narrowDesc = await get(
      '/api/v1/users/search?query=perf%20user%20101&sort=name&sortDirection=DESC&pageNumber=1&pageSize=3',
    );
    expect(narrowDesc.content.map((u) => u.name)).toEqual([1016, 1015, 1014].map((n) => `Perf User ${n}`));
    const byEmail = await get('/api/v1/users/search?query=perf%20user%20101&sort=email&pageSize=2');
    expect(byEmail.content.map((u) => u.email)).toEqual([
      // '0' sorts before '@' (each address at its institution's subdomain)
      expect.stringMatching(/^perf\.user1010@inst\d+\.perf\.example\.org$/),
      expect.stringMatching(/^perf\.user1011@inst\d+\.perf\.example\.org$/),
    ]);
    const desc = await get('/api/v1/users/search?query=perf%20user&sort=name&sortDirection=DESC&pageSize=2');
    expect(desc.content.map((u) => u.name)).toEqual(['Perf User 999', 'Perf User 998']);
  });

  it('invitations/search: the total capped, exact below the cap', async () => {
    const all = await get('/api/v1/invitations/search?pageNumber=0&pageSize=10');
    expect(all.content).toHaveLength(10);
    expect(all.totalElements).toBe(COUNT_CAP + 1);
    const some = await get('/api/v1/invitations/search?query=perf.user100&pageSize=10');
    expect(some.totalElements).toBe(11); // perf.user100 and perf.user1000 … perf.user1009 (none an inviter)
    const rest = await get('/api/v1/invitations/search?query=perf.user100&pageNumber=1&pageSize=10');
    expect(rest).toEqual({
      // by e-mail, '0' before '@': perf.user1000 … perf.user1009, then perf.user100
      content: [
        expect.objectContaining({
          email: expect.stringMatching(/^perf\.user100@inst\d+\.perf\.example\.org$/),
        }),
      ],
      totalElements: 11,
    });
    // Each invitation comes with its role, read with the page (without the role's member count).
    expect(rest.content[0]).toMatchObject({
      roles: [{ role: { name: expect.stringMatching(/^Performance role/) } }],
    });
    expect(rest.content[0].roles?.[0].role).not.toHaveProperty('userRoleCount');
    const past = await get('/api/v1/invitations/search?query=perf.user100&pageNumber=2&pageSize=10');
    expect(past).toEqual({ content: [], totalElements: 11 });
    // A text nearly every invitation holds: capped, its page in the requested order.
    const broad = await get('/api/v1/invitations/search?query=PERF.EXAMPLE&sortDirection=DESC&pageSize=2');
    expect(broad.totalElements).toBe(COUNT_CAP + 1);
    expect(broad.content.map((i) => i.email)).toEqual([
      // '@' after '9'
      expect.stringMatching(/^perf\.user9@/),
      expect.stringMatching(/^perf\.user99@/),
    ]);
  });

  it('roles: a super user gets the first 10 by name unless another page size is asked for', async () => {
    const first = await get('/api/v1/roles');
    expect(first.content).toHaveLength(10);
    expect(first.totalElements).toBeGreaterThanOrEqual(12);
    const names = first.content.map((r) => r.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const all = await get('/api/v1/roles?pageSize=1000');
    expect(all.content).toHaveLength(all.totalElements);
  });

  it('invitations/search: a broad search is counted again once invitations are deleted', async () => {
    const broad = () => get('/api/v1/invitations/search?pageNumber=0&pageSize=10');
    expect((await broad()).totalElements).toBe(COUNT_CAP + 1);
    // Taken away behind the server's back (as another instance would) down to COUNT_CAP + 1 - 5: counted
    // at the next search.
    const deleteDownTo = async (left: number) => {
      const { rows } = await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invitations');
      await app.db.query(
        `DELETE FROM invitations WHERE id IN (SELECT id FROM invitations
          WHERE email NOT LIKE 'perf.user101%' ORDER BY id DESC LIMIT $1)`,
        [rows[0].n - left],
      );
    };
    // One past the cap, then the cap itself: capped, then exact.
    await deleteDownTo(COUNT_CAP + 1);
    expect((await broad()).totalElements).toBe(COUNT_CAP + 1);
    await deleteDownTo(COUNT_CAP);
    expect((await broad()).totalElements).toBe(COUNT_CAP);
    await deleteDownTo(COUNT_CAP - 4);
    expect((await broad()).totalElements).toBe(COUNT_CAP - 4);
    // One deleted through the API: counted again at once.
    const [first] = (await broad()).content as unknown as { id: number }[];
    expect((await call(app, s.admin, 'DELETE', `/api/v1/invitations/${first.id}`)).statusCode).toBe(204);
    expect((await broad()).totalElements).toBe(COUNT_CAP - 5);
  });

  // Kept last: it takes users away.
  it('users/search: a broad search is counted afresh at each search, whoever deleted users', async () => {
    const broad = () => get('/api/v1/users/search?query=perf%20user&pageNumber=0&pageSize=5');
    expect((await broad()).totalElements).toBe(COUNT_CAP + 1);
    // 21 users taken away behind the server's back (as another server on the database would): counted at
    // the next search.
    const gone = await app.db.query(
      `DELETE FROM users WHERE id IN (SELECT id FROM users WHERE name LIKE 'Perf User %' ORDER BY id LIMIT 21)`,
    );
    expect(gone.rowCount).toBe(21);
    const fresh = await broad();
    expect(fresh.totalElements).toBe(COUNT_CAP - 1);
    expect(fresh.content[0].name).toBe('Perf User 100');
    // 11 users back (1,010): broad again. Deleting users through the API counts again at once.
    await app.db.query(
      `INSERT INTO users (sub, name, email) SELECT 'urn:test:back:' || g, 'Perf User ' || (5000 + g),
              'perf.user' || (5000 + g) || '@perf.example.org' FROM generate_series(1, 11) g`,
    );
    expect((await broad()).totalElements).toBe(COUNT_CAP + 1);
    const back = await app.db.query<{ id: number }>(`SELECT id FROM users WHERE sub LIKE 'urn:test:back:%'`);
    for (const { id } of back.rows) {
      expect((await call(app, s.admin, 'DELETE', `/api/v1/users/${id}`)).statusCode).toBe(204);
    }
    expect((await broad()).totalElements).toBe(COUNT_CAP - 1);
  });
});
