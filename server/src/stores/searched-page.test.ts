/**
 * A text search's page past the cap (searched-page.ts pastCapStatement): read from the order index while
 * the page lies within its reach, else from the matches sorted, the same page either way.
 */
import type { FastifyInstance } from 'fastify';
import { COUNT_CAP } from 'shared-auth/rules';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import { apiApp, call, loginPersonas, type Sessions } from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  await performanceSeed(app.db, { roles: 4, users: COUNT_CAP + 20 });
  // Ahead of every match in the name order, more rows than the walk reads for a first page: the page past
  // the cap lies beyond the walk's reach.
  await app.db.query(
    `INSERT INTO users (sub, name, email, schac_home_organization)
     SELECT 'urn:test:ahead:' || g, 'Aaron Ahead ' || g, 'aaron.ahead' || g || '@example.org', 'example.org'
       FROM generate_series(1, 1500) g`,
  );
});
afterAll(() => app.close());

const names = async (url: string) => {
  const res = await call(app, s.admin, 'GET', url);
  expect(res.statusCode).toBe(200);
  const page = res.json() as { content: { name: string }[]; totalElements: number };
  return { names: page.content.map((u) => u.name), total: page.totalElements };
};

describe('a page past the count cap', () => {
  it('is the page whether the order index reaches it (a broad text) or not (matches far into the order)', async () => {
    // 'perf' matches 1,020 users, all after 1,500 that do not: the walk reads 1,000 rows and fills no page.
    expect(await names('/api/v1/users/search?query=perf&pageNumber=0&pageSize=5')).toEqual({
      names: ['Perf User 1', 'Perf User 10', 'Perf User 100', 'Perf User 1000', 'Perf User 1001'],
      total: COUNT_CAP + 1,
    });
    expect(await names('/api/v1/users/search?query=perf&pageNumber=1&pageSize=5')).toEqual({
      names: [1002, 1003, 1004, 1005, 1006].map((n) => `Perf User ${n}`),
      total: COUNT_CAP + 1,
    });
    // Descending, the matches come first: the walk fills the page.
    expect(await names('/api/v1/users/search?query=perf&sortDirection=DESC&pageNumber=0&pageSize=2')).toEqual(
      {
        names: ['Perf User 999', 'Perf User 998'],
        total: COUNT_CAP + 1,
      },
    );
    // A text every user holds in part ('example'): the walk fills the page with the users ahead.
    expect(await names('/api/v1/users/search?query=example&pageNumber=0&pageSize=2')).toEqual({
      names: ['Aaron Ahead 1', 'Aaron Ahead 10'],
      total: COUNT_CAP + 1,
    });
    // The last page of the matches, partly filled (1,020 of them: 5 on page 145 of 7).
    expect(
      await names('/api/v1/users/search?query=perf&sort=name&sortDirection=DESC&pageNumber=145&pageSize=7'),
    ).toEqual({
      names: [1001, 1000, 100, 10, 1].map((n) => `Perf User ${n}`),
      total: COUNT_CAP + 1,
    });
  });
});
