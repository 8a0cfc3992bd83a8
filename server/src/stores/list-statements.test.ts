/**
 * What the statements of the measured lists read (issue 58: each list's database cost): nothing the answer
 * does not send, and no condition that a page without a search text does not need.
 */
import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  addMember,
  addUser,
  apiApp,
  call,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let roleId: number;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  roleId = await insertRole(app, 'Statements role');
  for (const name of ['ann', 'bob', 'cyd'])
    await addMember(app, await addUser(app, `${name}@example.org`), roleId, 'GUEST');
  const invited = await call(app, s.admin, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'GUEST',
    invites: ['dee@example.org'],
    roleIdentifiers: [roleId],
    language: 'en',
    expiryDate: Math.floor(Date.now() / 1000) + 14 * 86_400,
  });
  expect(invited.statusCode).toBe(201);
});
afterAll(() => app.close());

/** The statements `fn` sends through app.db, and its answer. */
async function statementsOf<T>(fn: () => Promise<T>): Promise<{ sql: string[]; answer: T }> {
  const spy = jest.spyOn(app.db, 'query');
  try {
    const answer = await fn();
    return { sql: spy.mock.calls.map(([sql]) => String(sql)), answer };
  } finally {
    spy.mockRestore();
  }
}

it('an invitation search reads its roles without counting their members (a role summary does not send the count)', async () => {
  const { sql, answer } = await statementsOf(() =>
    call(app, s.admin, 'GET', '/api/v1/invitations/search?query=dee@example.org'),
  );
  const page = answer.json();
  expect(page.totalElements).toBe(1);
  const [listed] = page.content[0].roles;
  expect(listed.role).toMatchObject({ id: roleId, name: 'Statements role' });
  expect(listed.role).not.toHaveProperty('userRoleCount');
  expect(sql.filter((text) => /count\(\*\) FROM user_roles/.test(text))).toEqual([]);
});

it("a role's member list without a text has no condition on the text; with one it matches name or e-mail", async () => {
  const { sql, answer } = await statementsOf(() =>
    call(app, s.admin, 'GET', `/api/v1/user_roles/search/${roleId}/guests?pageSize=2`),
  );
  expect(answer.json().totalElements).toBe(3);
  expect(answer.json().content.map((m: { userInfo: { name: string } }) => m.userInfo.name)).toEqual([
    'ann',
    'bob',
  ]);
  const listing = sql.filter((text) => /FROM user_roles ur JOIN users u/.test(text));
  expect(listing).toHaveLength(1);
  expect(listing[0]).not.toMatch(/LIKE|IS NULL/);

  const named = await call(app, s.admin, 'GET', `/api/v1/user_roles/search/${roleId}/guests?query=BOB`);
  expect(named.json().totalElements).toBe(1);
  expect(named.json().content.map((m: { userInfo: { name: string } }) => m.userInfo.name)).toEqual(['bob']);
});

it("a role's member list reads its memberships from the role's index alone (migration 045)", async () => {
  const spy = jest.spyOn(app.db, 'query');
  let statement: [string, unknown[]];
  try {
    expect(
      (await call(app, s.admin, 'GET', `/api/v1/user_roles/search/${roleId}/guests?pageSize=2`)).statusCode,
    ).toBe(200);
    const found = spy.mock.calls.find(([text]) => /FROM user_roles ur JOIN users u/.test(String(text)));
    statement = [String(found?.[0]), [...((found?.[1] as unknown[]) ?? [])]];
  } finally {
    spy.mockRestore();
  }
  // The table's pages marked all-visible, as autovacuum leaves them; a table of a few rows is otherwise read
  // whole, so the planner is told to read it through an index, and which one it reads, and how, is the test.
  await app.db.query('VACUUM user_roles');
  const plan = await app.db.tx(async (q) => {
    await q.query('SET LOCAL enable_seqscan = off');
    await q.query('SET LOCAL enable_bitmapscan = off');
    const explained = await q.query<Record<string, string>>(`EXPLAIN ${statement[0]}`, statement[1]);
    return explained.rows.map((row) => Object.values(row)[0]).join('\n');
  });
  const memberships = plan.split('\n').filter((line) => / on user_roles ur/.test(line));
  expect(memberships.length).toBeGreaterThan(0);
  for (const line of memberships) expect(line).toMatch(/Index Only Scan using user_roles_role_members/);
});

it("an invitation search without a text reads its page's roles, summarised, in the page's statement", async () => {
  const other = await insertRole(app, 'Statements other role');
  const invited = await call(app, s.admin, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'GUEST',
    invites: ['eve@example.org'],
    roleIdentifiers: [roleId, other],
    language: 'en',
    expiryDate: Math.floor(Date.now() / 1000) + 14 * 86_400,
  });
  expect(invited.statusCode).toBe(201);
  const path = '/api/v1/invitations/search?status=pending&sort=email&sortDirection=DESC&pageSize=100';
  const { sql, answer } = await statementsOf(() => call(app, s.admin, 'GET', path));
  expect(sql.filter((text) => /FROM roles r WHERE r\.id = ANY/.test(text))).toEqual([]);
  const content = answer.json().content as { email: string; roles: { role: Record<string, unknown> }[] }[];
  const eve = content.find((invitation) => invitation.email === 'eve@example.org');
  expect(eve?.roles.map(({ role }) => role.name).sort()).toEqual([
    'Statements other role',
    'Statements role',
  ]);
  for (const { role } of eve?.roles ?? []) {
    expect(role).not.toHaveProperty('userRoleCount');
    expect(role.applicationUsages).toEqual([
      expect.objectContaining({ application: expect.objectContaining({ manageId: 'app-wiki' }) }),
    ]);
  }
  // The same roles as a search with a text reads apart.
  const searched = await call(app, s.admin, 'GET', '/api/v1/invitations/search?query=eve@example.org');
  expect(searched.json().content[0].roles).toEqual(eve?.roles);
});
