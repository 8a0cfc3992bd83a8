/**
 * The permission table: every endpoint of /api/v1 owned by the domain modules, called by every authority,
 * anonymously, and by a super user impersonating a guest. Allowed callers get a 2xx, others 401/403.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  addMember,
  addUser,
  apiApp,
  DAY,
  HW_GUID,
  insertRole,
  loginPersonas,
  now,
  type PersonaKey,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let forge: number;
let seq = 0;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  forge = await insertRole(app, 'Forge Devs', ['app-gitlab']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.inviter.userId, wiki, 'INVITER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

async function freshGuest(): Promise<number> {
  seq += 1;
  return addMember(
    app,
    await addUser(app, `perm${seq}@example.org`),
    wiki,
    'GUEST',
    new Date(Date.now() + 5 * DAY * 1000),
  );
}

async function freshInvitation(): Promise<{ id: number; hash: string }> {
  seq += 1;
  const hash = `perm-hash-${seq}`;
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, expiry_date, inviter_id)
     VALUES ($1, $2, 'GUEST', now() + interval '5 days', $3) RETURNING id`,
    [hash, `invitee${seq}@example.org`, s.admin.userId],
  );
  await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
    rows[0].id,
    wiki,
  ]);
  return { id: Number(rows[0].id), hash };
}

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload'>;
interface Row {
  name: string;
  request: () => Promise<Request>;
  allowed: Array<PersonaKey | 'anonymous'>;
}

const ADMINS: PersonaKey[] = ['admin', 'institutionAdmin'];
const MAINTAINERS: PersonaKey[] = ['admin', 'institutionAdmin', 'manager', 'inviter'];
const USERS: PersonaKey[] = ['admin', 'institutionAdmin', 'manager', 'inviter', 'guest'];

const roleBody = (name: string) => ({
  name,
  description: 'd',
  applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://wiki.example.org' }],
});

const rows: Row[] = [
  { name: 'GET roles', request: async () => ({ method: 'GET', url: '/api/v1/roles' }), allowed: USERS },
  {
    name: 'GET roles/:id (member)',
    request: async () => ({ method: 'GET', url: `/api/v1/roles/${wiki}` }),
    // The roles a user may open are the roles its list shows (shared-auth mayReadRole): the guest role is
    // hidden from non-super users (spec §6 GUEST), its own guest membership included.
    allowed: MAINTAINERS,
  },
  {
    name: 'GET roles/:id (no member)',
    request: async () => ({ method: 'GET', url: `/api/v1/roles/${forge}` }),
    allowed: ADMINS,
  },
  {
    name: 'POST roles',
    request: async () => ({ method: 'POST', url: '/api/v1/roles', payload: roleBody(`Perm role ${++seq}`) }),
    allowed: ADMINS,
  },
  {
    name: 'PUT roles',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/roles',
      payload: { id: wiki, ...roleBody('Wiki Editors') },
    }),
    allowed: ['admin', 'institutionAdmin', 'manager'],
  },
  {
    name: 'DELETE roles/:id',
    request: async () => ({
      method: 'DELETE',
      url: `/api/v1/roles/${await insertRole(app, `Doomed ${++seq}`)}`,
    }),
    allowed: ADMINS,
  },
  {
    name: 'GET roles/application/:manageId',
    request: async () => ({ method: 'GET', url: '/api/v1/roles/application/app-wiki' }),
    allowed: ADMINS,
  },
  {
    name: 'GET user_roles/search',
    request: async () => ({ method: 'GET', url: `/api/v1/user_roles/search/${wiki}/guests` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET user_roles/managers',
    request: async () => ({ method: 'GET', url: `/api/v1/user_roles/managers/${wiki}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'PUT user_roles',
    request: async () => ({
      method: 'PUT',
      url: '/api/v1/user_roles',
      payload: { userRoleId: await freshGuest(), endDate: now() + 9 * DAY },
    }),
    allowed: MAINTAINERS,
  },
  {
    name: 'DELETE user_roles',
    request: async () => ({ method: 'DELETE', url: `/api/v1/user_roles/${wiki}/${await freshGuest()}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET user_roles//consequences',
    request: async () => ({ method: 'GET', url: `/api/v1/user_roles//consequences/${wiki}` }),
    allowed: ['admin', 'institutionAdmin', 'manager'],
  },
  {
    name: 'POST invitations',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { intendedAuthority: 'GUEST', invites: ['x@example.com'], roleIdentifiers: [wiki] },
    }),
    allowed: MAINTAINERS,
  },
  {
    name: 'PUT invitations/:id',
    request: async () => ({ method: 'PUT', url: `/api/v1/invitations/${(await freshInvitation()).id}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'DELETE invitations/:id',
    request: async () => ({ method: 'DELETE', url: `/api/v1/invitations/${(await freshInvitation()).id}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET invitations/search?roleId',
    request: async () => ({ method: 'GET', url: `/api/v1/invitations/search?roleId=${wiki}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET invitations/roles/:roleId',
    request: async () => ({ method: 'GET', url: `/api/v1/invitations/roles/${wiki}` }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET invitations/public',
    request: async () => ({
      method: 'GET',
      url: `/api/v1/invitations/public?hash=${(await freshInvitation()).hash}`,
    }),
    allowed: [...USERS, 'anonymous'],
  },
  {
    name: 'POST invitations/accept',
    request: async () => {
      const { id, hash } = await freshInvitation();
      return { method: 'POST', url: '/api/v1/invitations/accept', payload: { hash, invitationId: id } };
    },
    allowed: USERS,
  },
  {
    name: 'GET tokens',
    request: async () => ({ method: 'GET', url: '/api/v1/tokens' }),
    allowed: MAINTAINERS,
  },
  {
    name: 'GET tokens/generate-token',
    request: async () => ({ method: 'GET', url: '/api/v1/tokens/generate-token' }),
    allowed: MAINTAINERS,
  },
  {
    name: 'DELETE tokens/:id (unknown)',
    request: async () => ({ method: 'DELETE', url: '/api/v1/tokens/987654' }),
    allowed: [],
  },
  {
    name: 'GET manage/providers',
    request: async () => ({ method: 'GET', url: '/api/v1/manage/providers' }),
    allowed: ['admin'],
  },
  {
    name: 'GET manage/applications',
    request: async () => ({ method: 'GET', url: '/api/v1/manage/applications' }),
    allowed: ADMINS,
  },
  {
    name: 'GET manage/provisionings',
    request: async () => ({ method: 'GET', url: '/api/v1/manage/provisionings/app-wiki' }),
    allowed: USERS,
  },
  {
    name: 'GET manage/organization-guid-validation',
    request: async () => ({ method: 'GET', url: `/api/v1/manage/organization-guid-validation/${HW_GUID}` }),
    allowed: USERS,
  },
  {
    name: 'POST validations/validate',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/validations/validate',
      payload: { type: 'url', value: 'https://a.nl' },
    }),
    allowed: USERS,
  },
  {
    name: 'GET system/cron/cleanup',
    request: async () => ({ method: 'GET', url: '/api/v1/system/cron/cleanup' }),
    allowed: ['admin'],
  },
  {
    name: 'GET system/cron/expiry-notifications',
    request: async () => ({ method: 'GET', url: '/api/v1/system/cron/expiry-notifications' }),
    allowed: ['admin'],
  },
  {
    name: 'GET system/unknown-roles',
    request: async () => ({ method: 'GET', url: '/api/v1/system/unknown-roles' }),
    allowed: ['admin'],
  },
  {
    name: 'GET system/expiry-user-roles',
    request: async () => ({ method: 'GET', url: '/api/v1/system/expiry-user-roles' }),
    allowed: ['admin'],
  },
  {
    name: 'GET audit-logs/role/:id',
    request: async () => ({ method: 'GET', url: `/api/v1/audit-logs/role/${wiki}` }),
    allowed: ['admin', 'institutionAdmin', 'manager'],
  },
];

type Caller = PersonaKey | 'anonymous' | 'impersonatedGuest';
const CALLERS: Caller[] = [
  'admin',
  'institutionAdmin',
  'manager',
  'inviter',
  'guest',
  'anonymous',
  'impersonatedGuest',
];

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'anonymous') return {};
  if (caller === 'impersonatedGuest')
    return { ...s.admin.headers, 'x-impersonate-id': String(s.guest.userId) };
  return s[caller].headers;
}

describe.each(rows)('$name', (row) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const request = await row.request();
    const res = await app.inject({ ...request, headers: headersOf(caller) });
    const as = caller === 'impersonatedGuest' ? 'guest' : caller;
    if (row.allowed.includes(as)) {
      expect(
        res.statusCode >= 200 && res.statusCode < 300 ? 'allowed' : `${res.statusCode} ${res.body}`,
      ).toBe('allowed');
    } else if (as === 'anonymous') {
      // Anonymous writes (unsafe methods, and the cron triggers: GETs that write) already fail the CSRF
      // check (403); reads fail authentication (401).
      const writes = request.method !== 'GET' || String(request.url).includes('/system/cron/');
      expect(res.statusCode).toBe(writes ? 403 : 401);
    } else {
      expect([403, 404]).toContain(res.statusCode);
      if (!row.name.includes('unknown')) expect(res.statusCode).toBe(403);
    }
  });
});
