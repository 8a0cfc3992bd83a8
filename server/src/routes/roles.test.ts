import type { FastifyInstance } from 'fastify';
import { loginAs } from '../test/helper.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  count,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let forge: number;
let amstel: number;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  forge = await insertRole(app, 'Forge Devs', ['app-gitlab']);
  amstel = await insertRole(app, 'Amstel Planners', ['app-rooster']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.inviter.userId, wiki, 'INVITER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
  await addMember(app, s.manager.userId, amstel, 'GUEST');
});
afterAll(() => app.close());

const newRole = (name: string, manageId = 'app-wiki', extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} description`,
  applicationUsages: [
    { application: { manageId, manageType: 'saml20_sp' }, landingPage: 'https://wiki.example.org/start' },
  ],
  ...extra,
});

describe('GET /roles', () => {
  it('shows a super user every role, searched and paged on the server', async () => {
    const all = (await call(app, s.admin, 'GET', '/api/v1/roles')).json();
    expect(all.totalElements).toBeGreaterThanOrEqual(3);
    const found = (
      await call(app, s.admin, 'GET', '/api/v1/roles?query=forge&pageSize=5&pageNumber=0')
    ).json();
    expect(found.content.map((r: { name: string }) => r.name)).toEqual(['Forge Devs']);
    expect(found.totalElements).toBe(1);
    const paged = (await call(app, s.admin, 'GET', '/api/v1/roles?pageSize=1&pageNumber=1&sort=name')).json();
    expect(paged.content).toHaveLength(1);
  });

  it('sorts by member count, and the counts follow memberships added and removed', async () => {
    const byMembers = async () =>
      (await call(app, s.admin, 'GET', '/api/v1/roles?sort=userRoleCount&sortDirection=DESC&pageSize=3'))
        .json()
        .content.map((r: { name: string; userRoleCount: number }) => [r.name, r.userRoleCount]);
    expect(await byMembers()).toEqual([
      ['Wiki Editors', 3],
      ['Amstel Planners', 1],
      expect.arrayContaining([0]),
    ]);
    const forgeMember = await addMember(app, s.guest.userId, forge, 'GUEST');
    await addMember(app, s.inviter.userId, forge, 'GUEST');
    expect((await byMembers()).slice(0, 2)).toEqual([
      ['Wiki Editors', 3],
      ['Forge Devs', 2],
    ]);
    const removed = await call(app, s.admin, 'DELETE', `/api/v1/user_roles/${forge}/${forgeMember}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(app, s.admin, 'GET', `/api/v1/roles/${forge}`)).json().userRoleCount).toBe(1);
    await app.db.query('DELETE FROM user_roles WHERE role_id = $1', [forge]);
  });

  it('answers a page read again as the first time, and a changed role at once', async () => {
    const page = async () => {
      const res = await call(app, s.admin, 'GET', '/api/v1/roles?sort=name&pageSize=50');
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const first = await page();
    expect(await page()).toEqual(first);
    const role = (await call(app, s.admin, 'GET', `/api/v1/roles/${forge}`)).json();
    await call(app, s.admin, 'PUT', '/api/v1/roles', { ...role, description: 'Forges code' });
    const changed = await page();
    expect(changed.content.find((r: { id: number }) => r.id === forge).description).toBe('Forges code');
    // Changed behind the server's back (as another instance would): seen at the next read.
    await app.db.query('UPDATE roles SET name = $2 WHERE id = $1', [forge, 'Forge Developers']);
    expect((await page()).content.find((r: { id: number }) => r.id === forge).name).toBe('Forge Developers');
    await call(app, s.admin, 'PUT', '/api/v1/roles', role);
  });

  it("shows an institution admin the roles on its institution's applications", async () => {
    const names = (await call(app, s.institutionAdmin, 'GET', '/api/v1/roles'))
      .json()
      .content.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Wiki Editors', 'Forge Devs']));
    expect(names).not.toContain('Amstel Planners');
  });

  it('shows others only their own non-guest roles, marked as theirs', async () => {
    const body = (await call(app, s.manager, 'GET', '/api/v1/roles')).json();
    expect(body.content).toEqual([
      expect.objectContaining({ name: 'Wiki Editors', isUserRole: true, authority: 'MANAGER' }),
    ]);
    expect((await call(app, s.guest, 'GET', '/api/v1/roles')).json().content).toEqual([]);
  });

  it('needs a login', async () => {
    expect((await call(app, null, 'GET', '/api/v1/roles')).statusCode).toBe(401);
  });
});

describe('GET /roles/:id', () => {
  it('answers a role with its applications from the registry', async () => {
    const role = (await call(app, s.manager, 'GET', `/api/v1/roles/${wiki}`)).json();
    expect(role).toEqual(
      expect.objectContaining({
        id: wiki,
        name: 'Wiki Editors',
        unknownInManage: false,
        applicationName: 'Research Wiki (Universiteit Harderwijk)',
        userRoleCount: 3,
      }),
    );
    expect(role.applicationMaps[0]).toEqual(
      expect.objectContaining({ id: 'app-wiki', 'name:nl': 'Onderzoekswiki' }),
    );
  });

  it('refuses outsiders and answers 404 for unknown roles', async () => {
    expect((await call(app, s.inviter, 'GET', `/api/v1/roles/${forge}`)).statusCode).toBe(403);
    expect((await call(app, s.admin, 'GET', '/api/v1/roles/999999')).statusCode).toBe(404);
    expect((await call(app, s.admin, 'GET', '/api/v1/roles/abc')).statusCode).toBe(400);
  });

  it('marks a role whose application left the registry', async () => {
    const gone = await insertRole(app, 'Gone App Role', ['app-that-left']);
    const role = (await call(app, s.admin, 'GET', `/api/v1/roles/${gone}`)).json();
    expect(role.unknownInManage).toBe(true);
    expect(role.applicationMaps[0]).toEqual(expect.objectContaining({ id: 'app-that-left', unknown: true }));
    const unknown = (await call(app, s.admin, 'GET', '/api/v1/system/unknown-roles')).json();
    expect(unknown.map((r: { id: number }) => r.id)).toContain(gone);
  });
});

describe('POST /roles', () => {
  it('creates a role with a derived short name and urn, audited', async () => {
    const res = await call(app, s.institutionAdmin, 'POST', '/api/v1/roles', newRole('Lab Assistants 2025!'));
    expect(res.statusCode).toBe(201);
    const role = res.json();
    expect(role.shortName).toBe('lab_assistants_2025');
    expect(role.urn).toBe('urn:mace:surf.nl:test.surfaccess.nl:lab_assistants_2025');
    expect(role.organizationGUID).toBe('ad93daef-0911-e511-80d0-005056956c1a');
    const audit = await app.db.query(
      "SELECT * FROM audit_logs WHERE entity_type = 'role' AND entity_id = $1",
      [role.id],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: 'create', actor_name: 'Iris Institution' }),
    ]);
  });

  it('derives the short name as the established product does: runs of white space become one underscore', async () => {
    const res = await call(app, s.admin, 'POST', '/api/v1/roles', newRole(' !@#$%^&*(9IIOO   UU  plp '));
    expect(res.statusCode).toBe(201);
    expect(res.json().shortName).toBe('9iioo_uu_plp');
    expect(res.json().urn).toBe('urn:mace:surf.nl:test.surfaccess.nl:9iioo_uu_plp');
  });

  it('refuses a duplicate short name', async () => {
    await call(app, s.admin, 'POST', '/api/v1/roles', newRole('Unique Name'));
    const res = await call(app, s.admin, 'POST', '/api/v1/roles', newRole('Unique Name'));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The shortName already exists');
  });

  it("refuses an institution admin another institution's application", async () => {
    const res = await call(
      app,
      s.institutionAdmin,
      'POST',
      '/api/v1/roles',
      newRole('Not Mine', 'app-rooster'),
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses applications unknown in the registry and bad landing pages', async () => {
    const before = await count(app, 'roles');
    expect(
      (await call(app, s.admin, 'POST', '/api/v1/roles', newRole('Unknown App', 'app-nope'))).statusCode,
    ).toBe(400);
    const bad = newRole('Bad Landing');
    bad.applicationUsages[0].landingPage = 'ftp://nope';
    expect((await call(app, s.admin, 'POST', '/api/v1/roles', bad)).statusCode).toBe(400);
    expect(await count(app, 'roles')).toBe(before);
  });

  it('is only for super users and institution admins', async () => {
    expect((await call(app, s.manager, 'POST', '/api/v1/roles', newRole('Manager Made'))).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /roles', () => {
  it('lets a manager change the fields but not the applications', async () => {
    const current = (await call(app, s.manager, 'GET', `/api/v1/roles/${wiki}`)).json();
    const res = await call(app, s.manager, 'PUT', '/api/v1/roles', {
      ...current,
      description: 'Changed by the manager',
      applicationUsages: [
        { application: { manageId: 'app-canvas' }, landingPage: 'https://lms.example.org' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Changed by the manager');
    expect(
      res.json().applicationUsages.map((u: { application: { manageId: string } }) => u.application.manageId),
    ).toEqual(['app-wiki']);
  });

  it('lets an institution admin change the applications', async () => {
    const current = (await call(app, s.institutionAdmin, 'GET', `/api/v1/roles/${forge}`)).json();
    const res = await call(app, s.institutionAdmin, 'PUT', '/api/v1/roles', {
      ...current,
      applicationUsages: [
        { application: { manageId: 'app-gitlab' }, landingPage: 'https://git.example.org' },
        { application: { manageId: 'app-library' }, landingPage: 'https://lib.example.org' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().applicationMaps).toHaveLength(2);
    // The lists (the super user's, the member's own session) show the new applications too.
    const listed = (await call(app, s.admin, 'GET', '/api/v1/roles?query=forge')).json().content[0];
    expect(
      listed.applicationUsages.map((u: { application: { manageId: string }; landingPage: string }) => [
        u.application.manageId,
        u.landingPage,
      ]),
    ).toEqual([
      ['app-gitlab', 'https://git.example.org'],
      ['app-library', 'https://lib.example.org'],
    ]);
  });

  it('refuses inviters and guests', async () => {
    const current = (await call(app, s.inviter, 'GET', `/api/v1/roles/${wiki}`)).json();
    expect((await call(app, s.inviter, 'PUT', '/api/v1/roles', current)).statusCode).toBe(403);
    expect((await call(app, s.guest, 'PUT', '/api/v1/roles', current)).statusCode).toBe(403);
  });
});

describe("the super user's role total", () => {
  it('follows the roles created and deleted', async () => {
    const total = async () => (await call(app, s.admin, 'GET', '/api/v1/roles')).json().totalElements;
    const before = await total();
    expect(before).toBe(await count(app, 'roles'));
    const created = await call(app, s.admin, 'POST', '/api/v1/roles', newRole('Counted Role'));
    expect(created.statusCode).toBe(201);
    expect(await total()).toBe(before + 1);
    expect((await call(app, s.admin, 'DELETE', `/api/v1/roles/${created.json().id}`)).statusCode).toBe(204);
    expect(await total()).toBe(before);
  });

  it('is the number the database keeps (migration 046): written with the roles, rolled back with them', async () => {
    const total = async () => (await call(app, s.admin, 'GET', '/api/v1/roles')).json().totalElements;
    const kept = async () =>
      Number(
        (await app.db.query<{ n: string }>("SELECT sum(n) AS n FROM row_counts WHERE counted = 'roles'"))
          .rows[0].n,
      );
    const before = await total();
    expect(await kept()).toBe(before);
    // The list answers the kept number, not a count of the roles.
    await app.db.query("INSERT INTO row_counts (counted, shard, n) VALUES ('roles', 99, 1000)");
    try {
      expect(await total()).toBe(before + 1000);
    } finally {
      await app.db.query("DELETE FROM row_counts WHERE counted = 'roles' AND shard = 99");
    }
    // Roles written and deleted by hand, several a statement, and a transaction rolled back.
    const ids = [await insertRole(app, 'Kept total one'), await insertRole(app, 'Kept total two')];
    expect(await kept()).toBe(before + 2);
    await expect(
      app.db.tx(async (q) => {
        await q.query(
          "INSERT INTO roles (name, short_name, urn, description) VALUES ('Gone', 'gone', 'urn:gone', '')",
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept()).toBe(before + 2);
    await app.db.query('DELETE FROM roles WHERE id = ANY($1::bigint[])', [ids]);
    expect(await kept()).toBe(before);
    expect(await total()).toBe(await count(app, 'roles'));
  });
});

describe("a role's member count", () => {
  /** What a list, a role read and the kept row say of role `id`, and its memberships counted. */
  async function counts(id: number) {
    const listed = (await call(app, s.admin, 'GET', '/api/v1/roles?sort=id&sortDirection=DESC&pageSize=1000'))
      .json()
      .content.find((r: { id: number }) => r.id === id);
    const kept = await app.db.query<{ n: string | null }>(
      'SELECT sum(n) AS n FROM role_member_counts WHERE role_id = $1',
      [id],
    );
    const counted = await app.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM user_roles WHERE role_id = $1',
      [id],
    );
    return {
      listed: listed?.userRoleCount,
      read: (await call(app, s.admin, 'GET', `/api/v1/roles/${id}`)).json().userRoleCount,
      kept: kept.rows[0].n === null ? null : Number(kept.rows[0].n),
      counted: Number(counted.rows[0].n),
    };
  }
  const all = (n: number) => ({ listed: n, read: n, kept: n, counted: n });

  it('is the number the database keeps (migrations 038, 040): written with the memberships, rolled back with them', async () => {
    const role = await insertRole(app, 'Counted Members');
    const other = await insertRole(app, 'Counted Elsewhere');
    // A role nobody ever joined has no kept row, and no members.
    expect(await counts(role)).toEqual({ ...all(0), kept: null });
    const users: number[] = [];
    for (let i = 0; i < 4; i++) users.push(await addUser(app, `counted${i}@example.org`));
    // Several memberships a statement, over two roles.
    await app.db.query(
      `INSERT INTO user_roles (user_id, role_id, authority)
         SELECT u, CASE WHEN u = $2 THEN $3::bigint ELSE $1::bigint END, 'GUEST' FROM unnest($4::bigint[]) u`,
      [role, users[3], other, users],
    );
    expect(await counts(role)).toEqual(all(3));
    expect(await counts(other)).toEqual(all(1));
    // The list and a role read answer the kept number, not a count of the memberships.
    await app.db.query('INSERT INTO role_member_counts (role_id, shard, n) VALUES ($1, -1, 1000)', [role]);
    try {
      expect(await counts(role)).toEqual({ listed: 1003, read: 1003, kept: 1003, counted: 3 });
    } finally {
      await app.db.query('DELETE FROM role_member_counts WHERE role_id = $1 AND shard = -1', [role]);
    }
    // A membership written in a transaction that rolls back leaves the count as it was.
    await expect(
      app.db.tx(async (q) => {
        await q.query("INSERT INTO user_roles (user_id, role_id, authority) VALUES ($1, $2, 'GUEST')", [
          users[3],
          role,
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counts(role)).toEqual(all(3));
    // Deleted: a membership, then a user with theirs (the cascade); moved to another role.
    await app.db.query('DELETE FROM user_roles WHERE user_id = $1 AND role_id = $2', [users[0], role]);
    expect(await counts(role)).toEqual(all(2));
    await app.db.query('DELETE FROM users WHERE id = $1', [users[1]]);
    expect(await counts(role)).toEqual(all(1));
    await app.db.query('UPDATE user_roles SET role_id = $1 WHERE user_id = $2 AND role_id = $3', [
      other,
      users[2],
      role,
    ]);
    expect(await counts(role)).toEqual(all(0));
    expect(await counts(other)).toEqual(all(2));
    // The sort by member count reads the same numbers.
    const sorted = (
      await call(app, s.admin, 'GET', '/api/v1/roles?sort=userRoleCount&sortDirection=DESC&pageSize=1000')
    ).json().content as { id: number; userRoleCount: number }[];
    expect(sorted.map((r) => r.userRoleCount)).toEqual(
      [...sorted.map((r) => r.userRoleCount)].sort((a, b) => b - a),
    );
    // A role deleted with its memberships takes its row with it.
    expect((await call(app, s.admin, 'DELETE', `/api/v1/roles/${other}`)).statusCode).toBe(204);
    const left = await app.db.query('SELECT 1 FROM role_member_counts WHERE role_id = $1', [other]);
    expect(left.rowCount).toBe(0);
    await app.db.query('DELETE FROM users WHERE id = ANY($1::bigint[])', [users]);
    await app.db.query('DELETE FROM roles WHERE id = $1', [role]);
  });

  it('is emptied with the memberships (TRUNCATE), and counts the memberships written after', async () => {
    // An app of its own: the memberships of this file's roles are not to go.
    const own = await apiApp();
    try {
      const role = await insertRole(own, 'Truncated Members');
      const user = await addUser(own, 'truncated@example.org');
      await addMember(own, user, role, 'GUEST');
      const kept = async () =>
        (
          await own.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM roles r
              WHERE COALESCE((SELECT sum(c.n) FROM role_member_counts c WHERE c.role_id = r.id), 0)
                    <> (SELECT count(*) FROM user_roles ur WHERE ur.role_id = r.id)`,
          )
        ).rows[0].n;
      expect(await kept()).toBe(0);
      await own.db.query('TRUNCATE user_roles');
      expect(await count(own, 'role_member_counts')).toBe(0);
      await addMember(own, user, role, 'GUEST');
      expect(await kept()).toBe(0);
      expect(
        (await call(own, await loginAs(own, 'admin'), 'GET', `/api/v1/roles/${role}`)).json().userRoleCount,
      ).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('DELETE /roles/:id and consequences', () => {
  it('lists the consequences, then deletes the role and its memberships', async () => {
    const id = await insertRole(app, 'Doomed Role', ['app-wiki']);
    await addMember(app, s.guest.userId, id, 'GUEST');
    const consequences = await call(app, s.institutionAdmin, 'GET', `/api/v1/user_roles//consequences/${id}`);
    expect(consequences.statusCode).toBe(200);
    expect(consequences.json()).toEqual([
      { userInfo: expect.objectContaining({ email: 'guest@example.org' }), authority: 'GUEST' },
    ]);
    expect((await call(app, s.manager, 'DELETE', `/api/v1/roles/${id}`)).statusCode).toBe(403);
    expect((await call(app, s.institutionAdmin, 'DELETE', `/api/v1/roles/${id}`)).statusCode).toBe(204);
    expect((await app.db.query('SELECT 1 FROM user_roles WHERE role_id = $1', [id])).rowCount).toBe(0);
    expect((await call(app, s.admin, 'GET', `/api/v1/roles/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /roles/application/:manageId', () => {
  it("lists an application's roles to its institution admin only", async () => {
    const res = await call(app, s.institutionAdmin, 'GET', '/api/v1/roles/application/app-wiki');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { name: string }) => r.name)).toContain('Wiki Editors');
    expect(
      (await call(app, s.institutionAdmin, 'GET', '/api/v1/roles/application/app-rooster')).statusCode,
    ).toBe(403);
    expect((await call(app, s.manager, 'GET', '/api/v1/roles/application/app-wiki')).statusCode).toBe(403);
  });
});

describe('deleting a role', () => {
  it('audits each membership and removes invitations for that role only', async () => {
    const doomed = await insertRole(app, 'Doomed Two', ['app-wiki']);
    const keep = await insertRole(app, 'Kept Role', ['app-wiki']);
    const member = await addMember(app, s.guest.userId, doomed, 'GUEST');
    const only = await app.db.query<{ id: string }>(
      "INSERT INTO invitations (hash, email, intended_authority, expiry_date) VALUES ('d-only', 'a@example.org', 'GUEST', now() + interval '3 days') RETURNING id",
    );
    const both = await app.db.query<{ id: string }>(
      "INSERT INTO invitations (hash, email, intended_authority, expiry_date) VALUES ('d-both', 'b@example.org', 'GUEST', now() + interval '3 days') RETURNING id",
    );
    await app.db.query(
      'INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2), ($3, $2), ($3, $4)',
      [only.rows[0].id, doomed, both.rows[0].id, keep],
    );
    expect((await call(app, s.admin, 'DELETE', `/api/v1/roles/${doomed}`)).statusCode).toBe(204);
    const remaining = await app.db.query<{ hash: string }>(
      "SELECT hash FROM invitations WHERE hash LIKE 'd-%'",
    );
    expect(remaining.rows.map((r) => r.hash)).toEqual(['d-both']);
    const audits = await app.db.query<{ entity_type: string; entity_id: string }>(
      "SELECT entity_type, entity_id FROM audit_logs WHERE action = 'delete' AND entity_type IN ('user_role', 'invitation') AND entity_id = ANY($1::bigint[])",
      [[member, Number(only.rows[0].id)]],
    );
    expect(audits.rows.map((r) => r.entity_type).sort()).toEqual(['invitation', 'user_role']);
  });
});
