import type { FastifyInstance } from 'fastify';
import {
  addMember,
  addUser,
  apiApp,
  call,
  DAY,
  insertRole,
  loginPersonas,
  now,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let other: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  other = await insertRole(app, 'Amstel Planners', ['app-rooster']);
  ids.manager = await addMember(app, s.manager.userId, wiki, 'MANAGER');
  ids.inviter = await addMember(app, s.inviter.userId, wiki, 'INVITER');
  ids.guest = await addMember(app, s.guest.userId, wiki, 'GUEST', new Date(Date.now() + 10 * DAY * 1000));
  for (let i = 0; i < 12; i++) {
    ids[`g${i}`] = await addMember(
      app,
      await addUser(app, `member${String(i).padStart(2, '0')}@example.org`),
      wiki,
      'GUEST',
    );
  }
  ids.otherGuest = await addMember(app, s.guest.userId, other, 'GUEST');
});
afterAll(() => app.close());

describe('GET /user_roles/search/:roleId/:kind', () => {
  it('pages the guests of a role, searchable', async () => {
    const page = (
      await call(app, s.inviter, 'GET', `/api/v1/user_roles/search/${wiki}/guests?pageSize=5&sort=email`)
    ).json();
    expect(page.totalElements).toBe(13);
    expect(page.content).toHaveLength(5);
    expect(page.content[0]).toEqual(
      expect.objectContaining({
        authority: 'GUEST',
        email: 'guest@example.org',
        userInfo: expect.objectContaining({ email: 'guest@example.org' }),
      }),
    );
    const found = (
      await call(app, s.inviter, 'GET', `/api/v1/user_roles/search/${wiki}/guests?query=member07`)
    ).json();
    expect(found.content.map((u: { email: string }) => u.email)).toEqual(['member07@example.org']);
    // The total counts the text's matches only (the count reads a member's user only for a text).
    expect(found.totalElements).toBe(1);
  });

  it('lists the maintainers separately', async () => {
    const page = (await call(app, s.manager, 'GET', `/api/v1/user_roles/search/${wiki}/maintainers`)).json();
    expect(page.totalElements).toBe(2);
    expect(page.content.map((u: { authority: string }) => u.authority).sort()).toEqual([
      'INVITER',
      'MANAGER',
    ]);
  });

  it('refuses guests, outsiders, unknown kinds', async () => {
    expect((await call(app, s.guest, 'GET', `/api/v1/user_roles/search/${wiki}/guests`)).statusCode).toBe(
      403,
    );
    expect((await call(app, s.manager, 'GET', `/api/v1/user_roles/search/${other}/guests`)).statusCode).toBe(
      403,
    );
    expect((await call(app, s.manager, 'GET', `/api/v1/user_roles/search/${wiki}/owners`)).statusCode).toBe(
      400,
    );
    expect((await call(app, null, 'GET', `/api/v1/user_roles/search/${wiki}/guests`)).statusCode).toBe(401);
  });
});

describe('GET /user_roles/managers/:roleId', () => {
  it("gives the managers' e-mails to an inviter", async () => {
    const res = await call(app, s.inviter, 'GET', `/api/v1/user_roles/managers/${wiki}`);
    expect(res.json()).toEqual(['manager@example.org']);
  });
});

describe('PUT /user_roles', () => {
  it('changes the end date of a guest, audited', async () => {
    const endDate = now() + 40 * DAY;
    const res = await call(app, s.inviter, 'PUT', '/api/v1/user_roles', { userRoleId: ids.guest, endDate });
    expect(res.statusCode).toBe(200);
    expect(res.json().endDate).toBe(endDate);
    const audit = await app.db.query<{ actor_name: string }>(
      "SELECT actor_name FROM audit_logs WHERE entity_type = 'user_role' AND entity_id = $1",
      [ids.guest],
    );
    expect(audit.rows).toEqual([{ actor_name: 'Ivo Inviter' }]);
  });

  it('never clears the end date of a guest, and refuses past dates', async () => {
    expect(
      (await call(app, s.manager, 'PUT', '/api/v1/user_roles', { userRoleId: ids.guest, endDate: null }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(app, s.manager, 'PUT', '/api/v1/user_roles', {
          userRoleId: ids.guest,
          endDate: now() - DAY,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('follows the target rules: inviters cannot touch inviters, managers can; nobody touches managers but admins', async () => {
    expect(
      (
        await call(app, s.inviter, 'PUT', '/api/v1/user_roles', {
          userRoleId: ids.inviter,
          endDate: now() + DAY * 9,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(app, s.manager, 'PUT', '/api/v1/user_roles', { userRoleId: ids.inviter, endDate: null }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(app, s.manager, 'PUT', '/api/v1/user_roles', { userRoleId: ids.manager, endDate: null }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(app, s.institutionAdmin, 'PUT', '/api/v1/user_roles', {
          userRoleId: ids.manager,
          endDate: now() + DAY * 9,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(app, s.manager, 'PUT', '/api/v1/user_roles', {
          userRoleId: ids.otherGuest,
          endDate: now() + DAY * 9,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses bad input', async () => {
    expect((await call(app, s.admin, 'PUT', '/api/v1/user_roles', {})).statusCode).toBe(400);
    expect((await call(app, s.admin, 'PUT', '/api/v1/user_roles', { userRoleId: 'x' })).statusCode).toBe(400);
    expect(
      (await call(app, s.admin, 'PUT', '/api/v1/user_roles', { userRoleId: 999999, endDate: null }))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE /user_roles/:roleId/:userRoleId', () => {
  it('removes a guest for an inviter, and a user may remove their own role', async () => {
    expect((await call(app, s.guest, 'DELETE', `/api/v1/user_roles/${wiki}/${ids.g1}`)).statusCode).toBe(403);
    expect((await call(app, s.inviter, 'DELETE', `/api/v1/user_roles/${wiki}/${ids.g1}`)).statusCode).toBe(
      204,
    );
    expect(
      (await call(app, s.guest, 'DELETE', `/api/v1/user_roles/${other}/${ids.otherGuest}`)).statusCode,
    ).toBe(204);
    expect(
      (
        await app.db.query('SELECT 1 FROM user_roles WHERE id = ANY($1::bigint[])', [
          [ids.g1, ids.otherGuest],
        ])
      ).rowCount,
    ).toBe(0);
    expect((await call(app, s.inviter, 'DELETE', `/api/v1/user_roles/${other}/${ids.g2}`)).statusCode).toBe(
      404,
    );
  });

  it('with guest=true removes only the guest part of a maintainer', async () => {
    await app.db.query('UPDATE user_roles SET guest_role_included = TRUE WHERE id = $1', [ids.inviter]);
    expect(
      (await call(app, s.manager, 'DELETE', `/api/v1/user_roles/${wiki}/${ids.inviter}?guest=true`))
        .statusCode,
    ).toBe(204);
    const row = (
      await app.db.query<{ authority: string; guest_role_included: boolean }>(
        'SELECT authority, guest_role_included FROM user_roles WHERE id = $1',
        [ids.inviter],
      )
    ).rows[0];
    expect(row).toEqual({ authority: 'INVITER', guest_role_included: false });
  });
});
