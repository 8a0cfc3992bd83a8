import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  count,
  DAY,
  HW_GUID,
  insertRole,
  loginPersonas,
  now,
  type Sessions,
} from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let lms: number;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki'], { defaultExpiryDays: 100 });
  lms = await insertRole(app, 'Course Teachers', ['app-canvas', 'app-library']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  await addMember(app, s.inviter.userId, wiki, 'INVITER');
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());
beforeEach(() => {
  sent.length = 0;
});

const invite = (extra: Record<string, unknown> = {}) => ({
  intendedAuthority: 'GUEST',
  invites: ['new.person@example.com'],
  roleIdentifiers: [wiki],
  message: 'Welcome aboard',
  language: 'en',
  expiryDate: now() + 14 * DAY,
  ...extra,
});

async function hashOf(id: number): Promise<string> {
  return (await app.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [id])).rows[0]
    .hash;
}

describe('POST /invitations', () => {
  it('creates one invitation and one mail per unique address', async () => {
    const res = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({
        invites: ['a.one@example.com', 'A.One@example.com', 'Bee Two <b.two@example.com>'],
        language: 'nl',
      }),
    );
    expect(res.statusCode).toBe(201);
    const summary = res.json();
    expect(summary).toEqual({ created: 2, ids: [expect.any(Number), expect.any(Number)] });
    const created = await Promise.all(
      summary.ids.map(async (id: number) =>
        (await call(app, s.manager, 'GET', `/api/v1/invitations/public?hash=${await hashOf(id)}`)).json(),
      ),
    );
    expect(created.map((i: { email: string }) => i.email)).toEqual([
      'a.one@example.com',
      'b.two@example.com',
    ]);
    expect(created[0]).toEqual(expect.objectContaining({ status: 'OPEN', intendedAuthority: 'GUEST' }));
    expect(created[0].roles[0].role.name).toBe('Wiki Editors');
    expect(sent.map((m) => m.to)).toEqual(['a.one@example.com', 'b.two@example.com']);
    const hash = await hashOf(created[0].id);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent[0].text).toContain(`http://localhost:8080/invitation/accept?hash=${hash}`);
    expect(sent[0].subject).toContain('Max Manager');
    expect(sent[0].text).toContain('Onderzoekswiki');
    expect(sent[0].html).toContain('Welcome aboard');
    const audits = await app.db.query(
      "SELECT 1 FROM audit_logs WHERE entity_type = 'invitation' AND action = 'create'",
    );
    expect(audits.rowCount).toBeGreaterThanOrEqual(2);
  });

  it('counts addresses after splitting: 1000 is the most per request, however they are packed', async () => {
    const addresses = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `bulk${from + i}@example.com`);
    const packed = Array.from({ length: 101 }, (_, entry) => addresses(10, entry * 10).join(', '));
    const before = await count(app, 'invitations');
    const tooMany = await call(app, s.manager, 'POST', '/api/v1/invitations', invite({ invites: packed }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('At most 1000 email addresses per request, not 1010');
    expect(await count(app, 'invitations')).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('answers a bulk create with a summary, not every invitation', async () => {
    const packed = Array.from({ length: 25 }, (_, entry) =>
      Array.from({ length: 4 }, (_, i) => `summary${entry * 4 + i}@example.com`).join('; '),
    );
    const res = await call(app, s.manager, 'POST', '/api/v1/invitations', invite({ invites: packed }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['created', 'ids']);
    expect(body.created).toBe(100);
    expect(new Set(body.ids).size).toBe(100);
    expect(sent).toHaveLength(100);
    expect(res.body.length).toBeLessThan(2000);
  });

  it.each([
    ['no e-mail', { invites: [] }, 400],
    ['an invalid e-mail', { invites: ['ok@example.com', 'nope'] }, 400],
    ['no role for a guest', { roleIdentifiers: [] }, 400],
    ['an unknown role', { roleIdentifiers: [987654] }, 404],
    ['an expiry in the past', { expiryDate: now() - DAY }, 400],
    ['an expiry beyond a year', { expiryDate: now() + 400 * DAY }, 400],
    ['a role expiry too close to the expiry', { roleExpiryDate: now() + 14 * DAY + 3600 }, 400],
    ['an unknown authority', { intendedAuthority: 'OVERLORD' }, 400],
    ['a wrong type', { roleIdentifiers: 'wiki' }, 400],
    ['an oversized message', { message: 'x'.repeat(5000) }, 400],
    ['an unknown language', { language: 'de' }, 400],
  ])('refuses %s, writing nothing', async (_name, extra, status) => {
    const before = await count(app, 'invitations');
    const res = await call(app, s.manager, 'POST', '/api/v1/invitations', invite(extra));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(expect.objectContaining({ status, message: expect.any(String) }));
    expect(await count(app, 'invitations')).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('lets inviters grant only below their own authority', async () => {
    expect((await call(app, s.inviter, 'POST', '/api/v1/invitations', invite())).statusCode).toBe(201);
    const up = await call(
      app,
      s.inviter,
      'POST',
      '/api/v1/invitations',
      invite({ intendedAuthority: 'INVITER' }),
    );
    expect(up.statusCode).toBe(403);
    const mgr = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({ intendedAuthority: 'MANAGER' }),
    );
    expect(mgr.statusCode).toBe(403);
    expect((await call(app, s.guest, 'POST', '/api/v1/invitations', invite())).statusCode).toBe(403);
    expect(
      (await call(app, s.manager, 'POST', '/api/v1/invitations', invite({ roleIdentifiers: [lms] })))
        .statusCode,
    ).toBe(403);
  });

  it('refuses roles unknown in the registry', async () => {
    const gone = await insertRole(app, 'Vanished', ['app-gone']);
    const res = await call(app, s.admin, 'POST', '/api/v1/invitations', invite({ roleIdentifiers: [gone] }));
    expect(res.statusCode).toBe(400);
  });

  it('needs a resolvable organisation when a super user invites an institution admin', async () => {
    const base = { intendedAuthority: 'INSTITUTION_ADMIN', roleIdentifiers: [] };
    expect((await call(app, s.admin, 'POST', '/api/v1/invitations', invite(base))).statusCode).toBe(400);
    expect(
      (await call(app, s.admin, 'POST', '/api/v1/invitations', invite({ ...base, organizationGUID: 'nope' })))
        .statusCode,
    ).toBe(400);
    const ok = await call(
      app,
      s.admin,
      'POST',
      '/api/v1/invitations',
      invite({ ...base, organizationGUID: HW_GUID }),
    );
    expect(ok.statusCode).toBe(201);
    const [orgGuid] = (
      await app.db.query<{ organization_guid: string }>(
        'SELECT organization_guid FROM invitations WHERE id = $1',
        [ok.json().ids[0]],
      )
    ).rows;
    expect(orgGuid.organization_guid).toBe(HW_GUID);
    expect(
      (await call(app, s.manager, 'POST', '/api/v1/invitations', invite({ intendedAuthority: 'SUPER_USER' })))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a write without the CSRF token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: { cookie: s.manager.cookie },
      payload: invite(),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: { ...s.manager.headers, 'content-type': 'application/json' },
      payload: '{"invites": [',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('public, accept, resend, revoke', () => {
  async function created(extra: Record<string, unknown> = {}, by = s.manager) {
    const res = await call(app, by, 'POST', '/api/v1/invitations', invite(extra));
    expect(res.statusCode).toBe(201);
    const id = res.json().ids[0] as number;
    return { id, hash: await hashOf(id) };
  }

  it('shows an open invitation by hash to anyone, and 409 once accepted', async () => {
    const { id, hash } = await created({ invites: ['someone@example.com'] });
    const pub = await call(app, null, 'GET', `/api/v1/invitations/public?hash=${hash}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual(expect.objectContaining({ id, email: 'someone@example.com', status: 'OPEN' }));
    expect(pub.json().inviter).toEqual(expect.objectContaining({ name: 'Max Manager' }));
    const someone = await loginAs(app, 'someone@example.com');
    const accept = await call(app, someone, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id });
    expect(accept.statusCode).toBe(201);
    expect((await call(app, null, 'GET', `/api/v1/invitations/public?hash=${hash}`)).statusCode).toBe(409);
    expect((await call(app, null, 'GET', '/api/v1/invitations/public?hash=unknown')).statusCode).toBe(404);
  });

  it('computes EXPIRED for an invitation past its date', async () => {
    const { id, hash } = await created();
    await app.db.query("UPDATE invitations SET expiry_date = now() - interval '1 day' WHERE id = $1", [id]);
    expect((await call(app, null, 'GET', `/api/v1/invitations/public?hash=${hash}`)).json().status).toBe(
      'EXPIRED',
    );
    const someone = await loginAs(app, 'late@example.com');
    expect(
      (await call(app, someone, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id })).statusCode,
    ).toBe(409);
  });

  it('grants the role with the end date of the role default, and raises but never lowers', async () => {
    const { id, hash } = await created({ invites: ['raise@example.com'] });
    const person = await loginAs(app, 'raise@example.com');
    expect(
      (await call(app, person, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id })).statusCode,
    ).toBe(201);
    const row = async () =>
      (
        await app.db.query<{ authority: string; end_date: Date }>(
          'SELECT authority, end_date FROM user_roles WHERE user_id = $1 AND role_id = $2',
          [person.userId, wiki],
        )
      ).rows[0];
    const first = await row();
    expect(first.authority).toBe('GUEST');
    const days = (new Date(first.end_date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(99);
    expect(days).toBeLessThan(101);
    const up = await created({ invites: ['raise@example.com'], intendedAuthority: 'INVITER' });
    expect(
      (await call(app, person, 'POST', '/api/v1/invitations/accept', { hash: up.hash, invitationId: up.id }))
        .statusCode,
    ).toBe(201);
    expect((await row()).authority).toBe('INVITER');
    const down = await created({ invites: ['raise@example.com'] });
    expect(
      (
        await call(app, person, 'POST', '/api/v1/invitations/accept', {
          hash: down.hash,
          invitationId: down.id,
        })
      ).statusCode,
    ).toBe(201);
    expect((await row()).authority).toBe('INVITER');
  });

  it('answers 412 with the invited address when e-mail equality is enforced', async () => {
    const strict = await insertRole(app, 'Strict Role', ['app-wiki'], { enforceEmailEquality: true });
    await addMember(app, s.manager.userId, strict, 'MANAGER');
    const { id, hash } = await created({ roleIdentifiers: [strict], invites: ['exact@example.com'] });
    const other = await loginAs(app, 'other@example.com');
    const res = await call(app, other, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id });
    expect(res.statusCode).toBe(412);
    expect(res.json().email).toBe('exact@example.com');
    expect((await app.db.query('SELECT 1 FROM user_roles WHERE user_id = $1', [other.userId])).rowCount).toBe(
      0,
    );
  });

  it('gives exactly one of two simultaneous accepts', async () => {
    const { id, hash } = await created({ invites: ['race@example.com'] });
    const a = await loginAs(app, 'race@example.com');
    const b = await loginAs(app, 'race2@example.com');
    const results = await Promise.all([
      call(app, a, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id }),
      call(app, b, 'POST', '/api/v1/invitations/accept', { hash, invitationId: id }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    expect(
      (
        await app.db.query('SELECT 1 FROM user_roles WHERE role_id = $1 AND user_id = ANY($2::bigint[])', [
          wiki,
          [a.userId, b.userId],
        ])
      ).rowCount,
    ).toBe(1);
  });

  it('makes the invitee an institution admin of the invited organisation', async () => {
    const res = await call(
      app,
      s.admin,
      'POST',
      '/api/v1/invitations',
      invite({
        intendedAuthority: 'INSTITUTION_ADMIN',
        roleIdentifiers: [],
        organizationGUID: HW_GUID,
        invites: ['ia@example.com'],
      }),
    );
    const id = res.json().ids[0];
    const person = await loginAs(app, 'ia@example.com');
    expect(
      (
        await call(app, person, 'POST', '/api/v1/invitations/accept', {
          hash: await hashOf(id),
          invitationId: id,
        })
      ).statusCode,
    ).toBe(201);
    const user = (
      await app.db.query<{ institution_admin: boolean; organization_guid: string }>(
        'SELECT institution_admin, organization_guid FROM users WHERE id = $1',
        [person.userId],
      )
    ).rows[0];
    expect(user).toEqual({ institution_admin: true, organization_guid: HW_GUID });
  });

  it('resends (extending an expired one by 30 days) and revokes', async () => {
    const { id } = await created({ invites: ['resend@example.com'] });
    await app.db.query("UPDATE invitations SET expiry_date = now() - interval '2 days' WHERE id = $1", [id]);
    sent.length = 0;
    expect((await call(app, s.guest, 'PUT', `/api/v1/invitations/${id}`)).statusCode).toBe(403);
    const res = await call(app, s.inviter, 'PUT', `/api/v1/invitations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('OPEN');
    expect(res.json().expiryDate).toBeGreaterThan(now() + 29 * DAY);
    expect(sent.map((m) => m.to)).toEqual(['resend@example.com']);
    expect((await call(app, s.guest, 'DELETE', `/api/v1/invitations/${id}`)).statusCode).toBe(403);
    expect((await call(app, s.manager, 'DELETE', `/api/v1/invitations/${id}`)).statusCode).toBe(204);
    expect((await call(app, s.manager, 'DELETE', `/api/v1/invitations/${id}`)).statusCode).toBe(404);
    const audit = await app.db.query<{ action: string }>(
      "SELECT action FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = $1 ORDER BY id",
      [id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'resend', 'delete']);
  });
});

describe('GET /invitations/search and /invitations/roles/:roleId', () => {
  it('pages all invitations for a super user and a role for its members', async () => {
    const all = (await call(app, s.admin, 'GET', '/api/v1/invitations/search?pageSize=2')).json();
    expect(all.content).toHaveLength(2);
    expect(all.totalElements).toBeGreaterThan(2);
    const role = (
      await call(
        app,
        s.inviter,
        'GET',
        `/api/v1/invitations/search?roleId=${wiki}&query=example.com&pageSize=50`,
      )
    ).json();
    expect(role.totalElements).toBeGreaterThan(0);
    for (const inv of role.content) expect(inv.roles.map((r: { id: number }) => r.id)).toContain(wiki);
    expect((await call(app, s.guest, 'GET', `/api/v1/invitations/search?roleId=${wiki}`)).statusCode).toBe(
      403,
    );
    const guestOwn = (await call(app, s.guest, 'GET', '/api/v1/invitations/search')).json();
    expect(guestOwn.totalElements).toBe(0);
    const accepted = (
      await call(app, s.admin, 'GET', '/api/v1/invitations/search?status=accepted&pageSize=100')
    ).json();
    expect(accepted.content.every((i: { status: string }) => i.status === 'ACCEPTED')).toBe(true);
  });

  /** The manager invites `address` to the wiki role; `found()` is the super user's search for it. */
  async function invitedAndFound(address: string) {
    const created = await call(app, s.manager, 'POST', '/api/v1/invitations', invite({ invites: [address] }));
    expect(created.statusCode).toBe(201);
    return async () => {
      const query = encodeURIComponent(address.split('@')[0]);
      const page = (
        await call(app, s.admin, 'GET', `/api/v1/invitations/search?query=${query}&pageSize=100`)
      ).json();
      expect(page.totalElements).toBe(1);
      return page.content as {
        roles: { role: { id: number; name: string; applicationUsages: unknown[] } }[];
      }[];
    };
  }

  it('answers each search without a text by its own statement, in whatever order the shapes come', async () => {
    const paths = ['accepted', 'open', 'all'].flatMap((status) =>
      ['sort=email', 'sort=createdAt&sortDirection=desc', 'mine=true'].map(
        (rest) => `/api/v1/invitations/search?status=${status}&${rest}&pageSize=5`,
      ),
    );
    const answers = async (order: string[]) => {
      const found: Record<string, unknown> = {};
      for (const path of order) {
        const res = await call(app, s.manager, 'GET', path);
        expect(res.statusCode).toBe(200);
        found[path] = res.json();
      }
      return found;
    };
    const first = await answers(paths);
    expect(await answers([...paths].reverse())).toEqual(first);
    for (const path of paths) {
      const { content } = first[path] as { content: { status: string; inviter: { id: number } | null }[] };
      if (path.includes('status=accepted')) expect(content.every((i) => i.status === 'ACCEPTED')).toBe(true);
      if (path.includes('status=open')) expect(content.every((i) => i.status === 'OPEN')).toBe(true);
      if (path.includes('mine=true'))
        expect(content.every((i) => i.inviter?.id === s.manager.userId)).toBe(true);
    }
    expect(new Set(paths.map((path) => JSON.stringify(first[path]))).size).toBeGreaterThan(3);
  });

  it("lists each invitation's role links and applications as a role's own list of invitations does", async () => {
    // Two roles each (one link with an end date) and applications whose order is the collation's.
    await app.db.query(
      `WITH i AS (
         INSERT INTO invitations (hash, email, intended_authority, expiry_date, inviter_id)
         SELECT 'linked-many-' || g, 'linked.many' || g || '@example.com', 'APPLICATION_MANAGER', now() + interval '3 days', $1
           FROM generate_series(1, 3) g RETURNING id),
       r AS (
         INSERT INTO invitation_roles (invitation_id, role_id, end_date)
         SELECT i.id, ro.id, CASE WHEN ro.id = $3 THEN now() + interval '10 days' END FROM i, unnest($2::bigint[]) ro(id))
       INSERT INTO invitation_applications (invitation_id, manage_id, manage_type)
       SELECT i.id, a.m, 'saml20_sp' FROM i, (VALUES ('app-wiki'), ('App-B'), ('zeta')) a(m)`,
      [s.manager.userId, [lms, wiki], wiki],
    );
    type Listed = {
      email: string;
      roles: { id: number; endDate: number | null }[];
      manageIdentifiers: unknown[];
    };
    const links = (invitation: Listed) => ({
      email: invitation.email,
      roles: invitation.roles.map(({ id, endDate }) => ({ id, endDate })),
      manageIdentifiers: invitation.manageIdentifiers,
    });
    const ofRole = ((await call(app, s.admin, 'GET', `/api/v1/invitations/roles/${wiki}`)).json() as Listed[])
      .filter((invitation) => invitation.email.startsWith('linked.many'))
      .map(links)
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(ofRole).toHaveLength(3);
    expect(ofRole[0].roles.map(({ endDate }) => endDate !== null)).toEqual([wiki < lms, wiki > lms]);
    expect(ofRole[0].manageIdentifiers).toHaveLength(3);
    for (const path of [
      '/api/v1/invitations/search?query=linked.many&pageSize=10&sort=email',
      `/api/v1/invitations/search?roleId=${lms}&pageSize=10&sort=email`,
    ]) {
      const page = (await call(app, s.admin, 'GET', path)).json() as { content: Listed[] };
      const found = page.content
        .filter((invitation) => invitation.email.startsWith('linked.many'))
        .map(links);
      expect({ path, found }).toEqual({ path, found: ofRole });
    }
  });

  it('lists each role of an invitation by its summary: id, name and the applications it points at', async () => {
    const found = await invitedAndFound('summary.role@example.com');
    const [link] = (await found())[0].roles;
    const full = (await call(app, s.admin, 'GET', `/api/v1/roles/${wiki}`)).json();
    expect(link.role).toEqual({
      id: wiki,
      name: full.name,
      organizationGUID: full.organizationGUID,
      applicationUsages: full.applicationUsages,
      applicationName: full.applicationName,
      unknownInManage: false,
    });
    // The role's own page keeps the whole role.
    expect(full.applicationMaps.length).toBeGreaterThan(0);
    expect(full.description).toEqual(expect.any(String));
  });

  it("shows a role's new name and applications once the role is changed", async () => {
    const found = await invitedAndFound('renamed.role@example.com');
    const roleNames = async () =>
      new Set(
        (await found()).flatMap((i) =>
          i.roles
            .map((link) => link.role)
            .filter((r) => r.id === wiki)
            .map((r) => `${r.name} (${r.applicationUsages.length})`),
        ),
      );
    expect(await roleNames()).toEqual(new Set(['Wiki Editors (1)']));
    const role = (await call(app, s.admin, 'GET', `/api/v1/roles/${wiki}`)).json();
    const changed = await call(app, s.admin, 'PUT', '/api/v1/roles', {
      ...role,
      name: 'Wiki Writers',
      applicationUsages: [...role.applicationUsages, { application: { manageId: 'app-library' } }],
    });
    expect(changed.statusCode).toBe(200);
    expect(await roleNames()).toEqual(new Set(['Wiki Writers (2)']));
    const back = await call(app, s.admin, 'PUT', '/api/v1/roles', role);
    expect(back.statusCode).toBe(200);
    expect(await roleNames()).toEqual(new Set(['Wiki Editors (1)']));
  });

  it("finds invitations by the words of the address or of the inviter's name, the last word begun", async () => {
    const inviterName = (await call(app, s.inviter, 'GET', '/api/v1/users/me')).json().name as string;
    const created = await call(
      app,
      s.inviter,
      'POST',
      '/api/v1/invitations',
      invite({ invites: ['zed.quarry@elsewhere.example'] }),
    );
    expect(created.statusCode).toBe(201);
    const search = async (text: string) => {
      const res = await call(
        app,
        s.admin,
        'GET',
        `/api/v1/invitations/search?query=${encodeURIComponent(text)}&pageSize=100`,
      );
      expect(res.statusCode).toBe(200);
      return res.json() as {
        content: { email: string; inviter?: { name?: string } }[];
        totalElements: number;
      };
    };
    // The words of the address, in any case, the last one begun.
    for (const text of ['QUARRY@else', 'zed.quar', 'elsewhere.example']) {
      const found = await search(text);
      expect(found.content.map((i) => i.email)).toEqual(['zed.quarry@elsewhere.example']);
    }
    // A word is found by its beginning, not by a part from its middle.
    expect((await search('uarry')).totalElements).toBe(0);
    expect((await search('zed.quarry@elsewhere.exampl.xq')).totalElements).toBe(0);
    // The inviter's name, its last word begun: every invitation the inviter sent, and only those.
    const words = inviterName.toUpperCase().split(/\s+/);
    const byInviter = await search(`${words.slice(0, -1).join(' ')} ${words[words.length - 1].slice(0, 3)}`);
    expect(byInviter.content.map((i) => i.email)).toContain('zed.quarry@elsewhere.example');
    for (const found of byInviter.content) expect(found.inviter?.name).toBe(inviterName);
    const sentByInviter = await app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invitations WHERE inviter_id = $1',
      [s.inviter.userId],
    );
    expect(byInviter.totalElements).toBe(sentByInviter.rows[0].n);
    expect((await search('nobody-by-this-name-xq')).totalElements).toBe(0);
  });

  it("finds an inviter's invitations by the inviter's words of now: renamed, and gone", async () => {
    const inviterId = await addUser(app, 'quincy.xylander@elsewhere.example');
    await app.db.query(
      `INSERT INTO invitations (hash, email, intended_authority, expiry_date, inviter_id)
       VALUES ('quincy-hash', 'invited.by.quincy@example.com', 'GUEST', now() + interval '1 day', $1)`,
      [inviterId],
    );
    const found = async (text: string) =>
      (
        (
          await call(
            app,
            s.admin,
            'GET',
            `/api/v1/invitations/search?query=${encodeURIComponent(text)}&pageSize=100`,
          )
        ).json() as { content: { email: string }[] }
      ).content.map((i) => i.email);
    expect(await found('quincy.xylander')).toEqual(['invited.by.quincy@example.com']);
    // Renamed (the name, the address): found by the new words at once, no longer by the old ones.
    await app.db.query(
      "UPDATE users SET name = 'Quincy Zorander', email = 'q.zorander@elsewhere.example' WHERE id = $1",
      [inviterId],
    );
    expect(await found('quincy.xylander')).toEqual([]);
    expect(await found('Quincy Zora')).toEqual(['invited.by.quincy@example.com']);
    expect(await found('q.zorander@elsewhere')).toEqual(['invited.by.quincy@example.com']);
    // The inviter gone: the invitation stays, without an inviter or an inviter's words.
    await app.db.query('DELETE FROM users WHERE id = $1', [inviterId]);
    expect(await found('Quincy Zora')).toEqual([]);
    expect(await found('invited.by.quincy')).toEqual(['invited.by.quincy@example.com']);
    const { rows } = await app.db.query<{ inviter_id: number | null; inviter_words: string | null }>(
      "SELECT inviter_id, inviter_words FROM invitations WHERE hash = 'quincy-hash'",
    );
    expect(rows).toEqual([{ inviter_id: null, inviter_words: null }]);
  });

  it('lists the pending invitations of a role', async () => {
    const res = await call(app, s.manager, 'GET', `/api/v1/invitations/roles/${wiki}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((i: { status: string }) => i.status !== 'ACCEPTED')).toBe(true);
  });
});
