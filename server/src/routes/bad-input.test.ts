/** Bad input of every kind on every write: always a 4xx with a reason, never a 5xx, nothing written. */
import type { FastifyInstance } from 'fastify';
import { addMember, apiApp, count, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let member: number;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  member = await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

const usage = { application: { manageId: 'app-wiki' }, landingPage: 'https://wiki.example.org' };
const role = { name: 'A role', description: 'About it', applicationUsages: [usage] };

const cases: Array<[string, string, string, unknown]> = [
  ['roles: missing name', 'POST', '/api/v1/roles', { description: 'x', applicationUsages: [usage] }],
  ['roles: blank name', 'POST', '/api/v1/roles', { ...role, name: '   ' }],
  ['roles: name of symbols only', 'POST', '/api/v1/roles', { ...role, name: '!!!' }],
  ['roles: no applications', 'POST', '/api/v1/roles', { ...role, applicationUsages: [] }],
  ['roles: application twice', 'POST', '/api/v1/roles', { ...role, applicationUsages: [usage, usage] }],
  ['roles: wrong type', 'POST', '/api/v1/roles', { ...role, defaultExpiryDays: 'soon' }],
  ['roles: negative expiry', 'POST', '/api/v1/roles', { ...role, defaultExpiryDays: -4 }],
  ['roles: oversized name', 'POST', '/api/v1/roles', { ...role, name: 'n'.repeat(256) }],
  [
    'roles: unknown manage type',
    'POST',
    '/api/v1/roles',
    { ...role, applicationUsages: [{ ...usage, application: { manageId: 'app-wiki', manageType: 'ldap' } }] },
  ],
  ['roles: bad organisation', 'POST', '/api/v1/roles', { ...role, organizationGUID: 'not-an-idp' }],
  ['roles: update without id', 'PUT', '/api/v1/roles', role],
  ['roles: update of unknown role', 'PUT', '/api/v1/roles', { ...role, id: 99999 }],
  ['user_roles: wrong type', 'PUT', '/api/v1/user_roles', { userRoleId: 'one', endDate: 5 }],
  ['user_roles: date as text', 'PUT', '/api/v1/user_roles', { userRoleId: 1, endDate: 'tomorrow' }],
  ['tokens: missing description', 'POST', '/api/v1/tokens', {}],
  ['tokens: description as object', 'POST', '/api/v1/tokens', { description: { a: 1 } }],
  ['validations: missing value', 'POST', '/api/v1/validations/validate', { type: 'url' }],
  ['invitations accept: missing hash', 'POST', '/api/v1/invitations/accept', {}],
  [
    'invitations accept: unknown hash',
    'POST',
    '/api/v1/invitations/accept',
    { hash: 'nope', invitationId: 1 },
  ],
  ['invitations: body is an array', 'POST', '/api/v1/invitations', [1, 2]],
  ['roles: body is a string', 'POST', '/api/v1/roles', 'hello'],
];

const WATCHED = ['roles', 'application_usages', 'user_roles', 'invitations', 'api_tokens', 'audit_logs'];

async function snapshot(): Promise<number[]> {
  return Promise.all(WATCHED.map((t) => count(app, t)));
}

describe.each(cases)('%s', (_name, method, url, payload) => {
  it('is refused with a 4xx and writes nothing', async () => {
    const before = await snapshot();
    const res = await app.inject({
      method: method as 'POST' | 'PUT',
      url,
      headers: { ...s.admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await snapshot()).toEqual(before);
  });
});

it.each(['/api/v1/roles', '/api/v1/invitations', '/api/v1/tokens', '/api/v1/validations/validate'])(
  'answers malformed JSON on %s with 400',
  async (url) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { ...s.admin.headers, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(res.statusCode).toBe(400);
  },
);

it('keeps the guest end date when the update is refused', async () => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/user_roles',
    headers: s.admin.headers,
    payload: { userRoleId: member, endDate: -1 },
  });
  expect(res.statusCode).toBe(400);
});

describe('ids and numbers at the edge', () => {
  it.each([
    ['GET', '/api/v1/roles/0x10'],
    ['GET', '/api/v1/roles/0b11'],
    ['GET', '/api/v1/roles/1e1'],
    ['GET', '/api/v1/roles/Infinity'],
    ['GET', '/api/v1/roles/01'],
    ['GET', `/api/v1/roles/${'9'.repeat(40)}`],
    ['GET', '/api/v1/roles/9223372036854775807'],
    ['DELETE', '/api/v1/roles/+1'],
    ['GET', `/api/v1/audit-logs?roleId=${'9'.repeat(40)}`],
    ['GET', '/api/v1/invitations/search?roleId=0x1'],
    ['GET', '/api/v1/roles?pageSize=Infinity'],
    ['GET', '/api/v1/roles?pageNumber=1e309'],
    ['GET', '/api/v1/users/search?pageSize=-Infinity'],
  ])('%s %s is a 400 with a reason, and nothing is deleted', async (method, url) => {
    const before = await count(app, 'roles');
    const res = await app.inject({ method: method as 'GET', url, headers: s.admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      error: 'Bad Request',
      message: expect.stringMatching(/id|page|must/i),
    });
    expect(await count(app, 'roles')).toBe(before);
  });

  it.each([
    ['an id past 2^53', { id: 1e21 }],
    ['an id as hexadecimal text', { id: '0x10' }],
    ['a fraction', { id: 1.5 }],
  ])('PUT roles with %s is a 400', async (_what, extra) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/roles',
      headers: s.admin.headers,
      payload: { ...role, ...extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.id /);
  });

  it('still reads a plain decimal id, in the path and in a body', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/roles/${wiki}`, headers: s.admin.headers }))
        .statusCode,
    ).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: s.admin.headers,
      payload: { intendedAuthority: 'GUEST', invites: ['ids@example.org'], roleIdentifiers: [wiki] },
    });
    expect(res.statusCode).toBe(201);
  });
});
