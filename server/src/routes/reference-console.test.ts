// The four routes the reference console (OpenConext Invite's client) calls beyond the spec's list, and the
// institution admins page of a super user (issue 42, items 9 and 10).
import type { FastifyInstance } from 'fastify';
import {
  addMember,
  addUser,
  apiApp,
  call,
  HW_GUID,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let elsewhere: number;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Reference Wiki', ['app-wiki']);
  elsewhere = await insertRole(app, 'Nobody Knows', ['app-unknown-here']);
  await addMember(app, s.inviter.userId, wiki, 'INVITER');
});
afterAll(() => app.close());

describe('GET manage/identity-providers', () => {
  it('lists the institutions with their GUID as institutionGuid, for super users', async () => {
    const res = await call(app, s.admin, 'GET', '/api/v1/manage/identity-providers');
    expect(res.statusCode).toBe(200);
    const harderwijk = res.json().find((idp: { institutionGuid: string }) => idp.institutionGuid === HW_GUID);
    expect(harderwijk).toMatchObject({ 'name:en': 'Universiteit Harderwijk', type: 'saml20_idp' });
    expect(res.json().every((idp: { institutionGuid?: string }) => Boolean(idp.institutionGuid))).toBe(true);
    expect((await call(app, s.institutionAdmin, 'GET', '/api/v1/manage/identity-providers')).statusCode).toBe(
      403,
    );
  });
});

describe('GET manage/eduid-identity-provider', () => {
  it('answers the registry entry of EDUID_ENTITY_ID to inviters and up', async () => {
    const res = await call(app, s.inviter, 'GET', '/api/v1/manage/eduid-identity-provider');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ entityid: 'https://login.eduid.nl', 'name:en': 'eduID' });
    expect((await call(app, s.guest, 'GET', '/api/v1/manage/eduid-identity-provider')).statusCode).toBe(403);
  });

  it('is a 404 with the entity id when the registry does not know it', async () => {
    const other = await apiApp({ env: { EDUID_ENTITY_ID: 'https://nowhere.example.org' } });
    try {
      const admin = (await loginPersonas(other)).admin;
      const res = await call(other, admin, 'GET', '/api/v1/manage/eduid-identity-provider');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('https://nowhere.example.org');
    } finally {
      await other.close();
    }
  });
});

describe('GET manage/requested-authn-context-values', () => {
  it('maps each name to its ACR value, for anyone logged in', async () => {
    const res = await call(app, s.guest, 'GET', '/api/v1/manage/requested-authn-context-values');
    expect(res.statusCode).toBe(200);
    // ACR_VALUES unset: the four eduID values.
    expect(res.json()).toEqual({
      EduIDLinkedInstitution: 'https://eduid.nl/trust/linked-institution',
      EduIDValidatedName: 'https://eduid.nl/trust/validate-names',
      ValidateNamesExternal: 'https://eduid.nl/trust/validate-names-external',
      EduIDRequireStudentAffiliation: 'https://eduid.nl/trust/affiliation-student',
    });
    expect((await call(app, null, 'GET', '/api/v1/manage/requested-authn-context-values')).statusCode).toBe(
      401,
    );
  });
});

describe('GET users/institution-admins/{roleId}', () => {
  it("lists the admins of the institutions owning the role's applications", async () => {
    const res = await call(app, s.inviter, 'GET', `/api/v1/users/institution-admins/${wiki}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: s.institutionAdmin.userId,
        organizationGUID: HW_GUID,
        institutionAdmin: true,
      }),
    ]);
    const none = await call(app, s.admin, 'GET', `/api/v1/users/institution-admins/${elsewhere}`);
    expect(none.json()).toEqual([]);
  });

  it('is refused to whoever may not open the role, and a 404 for no role', async () => {
    const guest = await addUser(app, 'ref-guest@example.org');
    await addMember(app, guest, wiki, 'GUEST');
    expect((await call(app, s.guest, 'GET', `/api/v1/users/institution-admins/${wiki}`)).statusCode).toBe(
      403,
    );
    expect((await call(app, s.admin, 'GET', '/api/v1/users/institution-admins/999999')).statusCode).toBe(404);
    expect((await call(app, s.admin, 'GET', '/api/v1/users/institution-admins/abc')).statusCode).toBe(400);
  });
});

describe('GET users/institution-admins', () => {
  it('groups the admins per organisation of the registry, unknown GUIDs last', async () => {
    const stray = await addUser(app, 'stray-admin@example.org');
    await app.db.query(
      "UPDATE users SET institution_admin = true, organization_guid = 'not-in-registry' WHERE id = $1",
      [stray],
    );
    const res = await call(app, s.admin, 'GET', '/api/v1/users/institution-admins');
    expect(res.statusCode).toBe(200);
    const groups = res.json();
    const harderwijk = groups.find((g: { organizationGUID: string }) => g.organizationGUID === HW_GUID);
    expect(harderwijk).toMatchObject({ known: true, 'name:en': 'Universiteit Harderwijk' });
    expect(harderwijk.admins.map((a: { id: number }) => a.id)).toEqual([s.institutionAdmin.userId]);
    expect(groups[groups.length - 1]).toMatchObject({ known: false, organizationGUID: 'not-in-registry' });
    expect((await call(app, s.institutionAdmin, 'GET', '/api/v1/users/institution-admins')).statusCode).toBe(
      403,
    );
  });
});

describe('GET user_roles/search/{roleId}/{true|false} (issue 54 item 6)', () => {
  it('reads true as the guests and false as the maintainers, as the established console sends them', async () => {
    const guest = await addUser(app, 'reference.guest@example.org');
    await addMember(app, guest, wiki, 'GUEST');
    const search = async (kind: string) => {
      const res = await call(app, s.inviter, 'GET', `/api/v1/user_roles/search/${wiki}/${kind}`);
      expect(res.statusCode).toBe(200);
      return res.json().content.map((m: { userInfo?: { email?: string }; authority: string }) => m.authority);
    };
    expect(await search('true')).toEqual(await search('guests'));
    expect(await search('true')).toContain('GUEST');
    expect(await search('true')).not.toContain('INVITER');
    expect(await search('false')).toEqual(await search('maintainers'));
    expect(await search('false')).toContain('INVITER');
    expect(await search('false')).not.toContain('GUEST');
    expect((await call(app, s.inviter, 'GET', `/api/v1/user_roles/search/${wiki}/yes`)).statusCode).toBe(400);
  });
});

describe('GET manage/all-applications (issue 54 item 6)', () => {
  it("lists every registry application with its roles' count, for super users and institution admins", async () => {
    const res = await call(app, s.institutionAdmin, 'GET', '/api/v1/manage/all-applications');
    expect(res.statusCode).toBe(200);
    const all = res.json() as Array<{ id: string; type: string; roleCount: number }>;
    const providers = (await call(app, s.admin, 'GET', '/api/v1/manage/providers')).json();
    expect(all.map((a) => a.id).sort()).toEqual(providers.map((p: { id: string }) => p.id).sort());
    // Beyond the institution's own: the whole registry (app-rooster belongs to another institution).
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining(['app-wiki', 'app-rooster']));
    expect(all.find((a) => a.id === 'app-wiki')).toMatchObject({ type: 'saml20_sp', roleCount: 1 });
    expect((await call(app, s.admin, 'GET', '/api/v1/manage/all-applications')).statusCode).toBe(200);
    expect((await call(app, s.guest, 'GET', '/api/v1/manage/all-applications')).statusCode).toBe(403);
    expect((await call(app, null, 'GET', '/api/v1/manage/all-applications')).statusCode).toBe(401);
  });
});
