/**
 * The refusals callers see, word for word: each route's declared permission (plugins/permissions.ts)
 * answers the status and message the console and API users have always had, and a 404 names what the
 * request named.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  addMember,
  apiApp,
  call,
  insertRole,
  loginPersonas,
  type PersonaKey,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Refusal Wiki', ['app-wiki']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

const MISSING = 9_999_999;
const newRole = {
  name: 'Refused',
  description: 'never made',
  applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://example.org' }],
};

/** Who, how, where, then the status and message expected; `{wiki}` and `{admin}` are ids known later. */
type Case = [PersonaKey | null, InjectOptions['method'], string, number, string, unknown?];

const cases: Case[] = [
  [null, 'GET', '/api/v1/roles/{wiki}', 401, 'Not logged in'],
  [
    'guest',
    'GET',
    '/api/v1/roles/application/app-wiki',
    403,
    'Only an institution admin of this application may list its roles',
  ],
  [
    'manager',
    'POST',
    '/api/v1/roles',
    403,
    'Only institution admins and application managers create roles',
    newRole,
  ],
  ['guest', 'DELETE', '/api/v1/roles/{wiki}', 403, 'missing roles'],
  ['admin', 'GET', '/api/v1/roles/9999999', 404, `Role ${MISSING} not found`],
  ['manager', 'PUT', '/api/v1/roles', 404, `Role ${MISSING} not found`, { ...newRole, id: MISSING }],
  ['guest', 'GET', '/api/v1/user_roles/consequences/{wiki}', 403, 'missing roles'],
  ['guest', 'GET', '/api/v1/user_roles/managers/{wiki}', 403, 'missing roles'],
  ['admin', 'PUT', '/api/v1/user_roles', 404, `User role ${MISSING} not found`, { userRoleId: MISSING }],
  ['admin', 'DELETE', '/api/v1/user_roles/{wiki}/9999999', 404, 'User role 9999999 of role {wiki} not found'],
  ['guest', 'GET', '/api/v1/invitations/search?roleId=9999999', 404, `Role ${MISSING} not found`],
  ['guest', 'GET', '/api/v1/invitations/search?roleId={wiki}', 403, 'missing roles'],
  ['guest', 'GET', '/api/v1/invitations/roles/{wiki}', 403, 'missing roles'],
  ['admin', 'PUT', '/api/v1/invitations/9999999', 404, `Invitation ${MISSING} not found`],
  ['admin', 'DELETE', '/api/v1/invitations/9999999', 404, `Invitation ${MISSING} not found`],
  [
    'manager',
    'GET',
    '/api/v1/users/search-by-application',
    403,
    'Only an institution admin with applications or an application manager may list the users of its applications',
  ],
  ['manager', 'GET', '/api/v1/users/search', 403, 'Only a super user may do this'],
  ['manager', 'DELETE', '/api/v1/users/9999999', 403, 'Only a super user may do this'],
  ['admin', 'DELETE', '/api/v1/users/{admin}', 403, 'You cannot delete yourself'],
  ['admin', 'DELETE', '/api/v1/users/9999999', 404, `User ${MISSING} not found`],
  ['guest', 'GET', '/api/v1/tokens', 403, 'Guests have no API tokens'],
  ['guest', 'DELETE', '/api/v1/tokens/9999999', 403, 'Guests have no API tokens'],
  ['admin', 'DELETE', '/api/v1/tokens/9999999', 404, `Token ${MISSING} not found`],
  ['guest', 'GET', '/api/v1/manage/applications', 403, 'Only institution admins see their applications'],
  ['manager', 'GET', '/api/v1/manage/providers', 403, 'Only a super user may do this'],
  // A role's history is never a 404: a deleted role's trail stays readable for super users.
  ['manager', 'GET', '/api/v1/audit-logs?roleId=9999999', 403, 'missing roles'],
  ['manager', 'GET', '/api/v1/audit-logs', 403, 'missing roles'],
  ['guest', 'PUT', '/api/v1/system/performance-seed', 403, 'Only a super user may do this'],
  ['admin', 'PUT', '/api/v1/system/performance-seed', 403, 'The performance seed is not allowed here'],
];

/** The ids the cases name, once written. */
const ids = (text: string) => text.replace('{wiki}', String(wiki)).replace('{admin}', String(s.admin.userId));

// Spread: jest would take a declared sixth parameter for `done` on the cases without a body.
it.each(cases)('%s %s %s answers %i %s', async (...testCase) => {
  const [who, method, url, status, message, payload] = testCase;
  const answer = await call(app, who ? s[who] : null, method, ids(url), payload);
  expect([answer.statusCode, answer.json().message]).toEqual([status, ids(message)]);
});

it('lets the callers the rules allow through', async () => {
  expect((await call(app, s.admin, 'GET', `/api/v1/audit-logs?roleId=${MISSING}`)).statusCode).toBe(200);
  expect((await call(app, s.manager, 'GET', `/api/v1/audit-logs?roleId=${wiki}`)).statusCode).toBe(200);
  expect((await call(app, s.manager, 'GET', `/api/v1/user_roles/consequences/${wiki}`)).statusCode).toBe(200);
  const role = await call(app, s.guest, 'GET', '/api/v1/invitations/search');
  expect(role.statusCode).toBe(200);
});
