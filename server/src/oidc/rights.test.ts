/**
 * Rights follow their source (issue 51): the super-user right is SUPER_USER_SUBS now (at every login and
 * every start), the institution-admin right and organisation are the entitlements of the last login, and a
 * right from an accepted invitation is a grant of its own that lasts across logins. Old sessions and old
 * tokens are judged by the rights as they are now.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/types.js';
import { fileRegistry } from '../registry/file-registry.js';
import { ext, makeToken } from '../routes/external/external-test-kit.js';
import { apiApp, call, HW_GUID } from '../test/api-kit.js';
import { adminEntitlements, claimsOf, inviteAndAccept } from '../test/authority-kit.js';
import { loginAs, loginWithClaims, testConfig, type TestSession } from '../test/helper.js';
import { freshTestDb } from '../test/template-db.js';

const ADMIN_SUB = 'urn:collab:person:example.org:admin';
const SECOND_SUB = 'urn:collab:person:example.org:second';

/** A started server over `db` with these settings (a restart is a new one over the same database). */
async function start(db: Db, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(env), db, registry: fileRegistry(), logger: false });
  await app.ready();
  return app;
}

const me = async (app: FastifyInstance, session: TestSession) =>
  (await call(app, session, 'GET', '/api/v1/users/me')).json();

describe('the super-user right follows SUPER_USER_SUBS', () => {
  let db: Db;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    db = await freshTestDb();
  });
  afterAll(async () => {
    await app?.close();
    await db.close();
  });

  it('takes the right of a sub taken out at the restart: the old session and the old token are refused', async () => {
    app = await start(db, { SUPER_USER_SUBS: `${ADMIN_SUB},${SECOND_SUB}` });
    const second = await loginAs(app, 'second@example.org');
    const admin = await loginAs(app, 'admin');
    expect(await me(app, second)).toMatchObject({ superUser: true });
    const token = await makeToken(app, second, 'Nightly sync');
    expect((await ext(app, token.secret, 'GET', '/roles')).statusCode).toBe(200);
    expect((await call(app, second, 'GET', '/api/v1/system/expiry-user-roles')).statusCode).toBe(200);
    // Someone made a super user by an invitation, whose sub is in no setting.
    const invited = {
      ...(await loginAs(app, 'invited.super@example.org')),
      email: 'invited.super@example.org',
    };
    await inviteAndAccept(app, admin, invited, 'SUPER_USER');
    expect(await me(app, invited)).toMatchObject({ superUser: true });
    await app.close();

    // The restart, with the second sub taken out; nobody logs in again.
    app = await start(db, { SUPER_USER_SUBS: ADMIN_SUB });
    expect(await me(app, second)).toMatchObject({ superUser: false });
    expect((await call(app, second, 'GET', '/api/v1/system/expiry-user-roles')).statusCode).toBe(403);
    const refused = await ext(app, token.secret, 'GET', '/roles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/no longer a super user/);
    // The configured sub and the grant keep theirs.
    expect(await me(app, admin)).toMatchObject({ superUser: true });
    expect(await me(app, invited)).toMatchObject({ superUser: true });
    // A new login does not bring it back either.
    const again = await loginAs(app, 'second@example.org');
    expect(await me(app, again)).toMatchObject({ superUser: false });
  });

  it('gives the right back at the next start when the sub is put back', async () => {
    await app?.close();
    app = await start(db, { SUPER_USER_SUBS: `${ADMIN_SUB},${SECOND_SUB}` });
    const { rows } = await app.db.query<{ super_user: boolean }>(
      'SELECT super_user FROM users WHERE sub = $1',
      [SECOND_SUB],
    );
    expect(rows).toEqual([{ super_user: true }]);
  });

  it('counts a right stored by hand as no source: the next login takes it away', async () => {
    const person = await loginAs(app!, 'by.hand@example.org');
    await app!.db.query('UPDATE users SET super_user = TRUE WHERE id = $1', [person.userId]);
    await loginAs(app!, 'by.hand@example.org');
    expect(await me(app!, person)).toMatchObject({ superUser: false });
  });
});

describe('the institution-admin right follows the entitlements, or a grant', () => {
  let app: FastifyInstance;
  let admin: TestSession;
  beforeAll(async () => {
    app = await apiApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());

  it('takes the right away at the login whose entitlements no longer make an admin: old session and token too', async () => {
    const email = 'leaving.admin@example.org';
    const first = await loginWithClaims(app, claimsOf(email, adminEntitlements(HW_GUID)));
    expect(await me(app, first)).toMatchObject({ institutionAdmin: true, organizationGUID: HW_GUID });
    const token = await makeToken(app, first, 'HR system');
    expect((await ext(app, token.secret, 'GET', '/roles')).statusCode).toBe(200);

    const next = await loginWithClaims(app, claimsOf(email));
    expect(await me(app, next)).toMatchObject({ institutionAdmin: false, organizationGUID: null });
    expect(await me(app, first)).toMatchObject({ institutionAdmin: false });
    const refused = await ext(app, token.secret, 'GET', '/roles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/no longer an institution admin/);

    // The entitlements back: the right is back, as the login says.
    await loginWithClaims(app, claimsOf(email, adminEntitlements(HW_GUID)));
    expect((await ext(app, token.secret, 'GET', '/roles')).statusCode).toBe(200);
  });

  it('keeps a right an accepted invitation granted across logins without the entitlement, recorded as a grant', async () => {
    const email = 'invited.admin@example.org';
    const person = { ...(await loginWithClaims(app, claimsOf(email))), email };
    const invitationId = await inviteAndAccept(app, admin, person, 'INSTITUTION_ADMIN', HW_GUID);
    expect(await me(app, person)).toMatchObject({ institutionAdmin: true, organizationGUID: HW_GUID });

    const later = await loginWithClaims(app, claimsOf(email));
    expect(await me(app, later)).toMatchObject({ institutionAdmin: true, organizationGUID: HW_GUID });
    // An organisation claimed without the admin entitlement does not move the grant to it.
    await loginWithClaims(
      app,
      claimsOf(email, ['urn:mace:surfnet.nl:surfnet.nl:sab:organizationGUID:other-org']),
    );
    expect(await me(app, later)).toMatchObject({ institutionAdmin: true, organizationGUID: HW_GUID });

    const { rows } = await app.db.query(
      `SELECT authority, organization_guid, invitation_id::int AS invitation_id, granted_by_id::int AS granted_by_id,
              granted_by_name, granted_at <= now() AS dated
         FROM authority_grants WHERE user_id = $1`,
      [person.userId],
    );
    expect(rows).toEqual([
      {
        authority: 'INSTITUTION_ADMIN',
        organization_guid: HW_GUID,
        invitation_id: invitationId,
        granted_by_id: admin.userId,
        granted_by_name: 'Ada Admin',
        dated: true,
      },
    ]);
    const audit = await app.db.query<{ after: { granted: unknown } }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'invitation' AND action = 'accept' AND entity_id = $1",
      [invitationId],
    );
    expect(audit.rows[0].after.granted).toEqual({
      authority: 'INSTITUTION_ADMIN',
      organizationGUID: HW_GUID,
    });
  });

  it("keeps an entitled admin's own organisation when an invitation made them admin of another", async () => {
    const email = 'two.orgs@example.org';
    const person = { ...(await loginWithClaims(app, claimsOf(email, adminEntitlements('org-own')))), email };
    await inviteAndAccept(app, admin, person, 'INSTITUTION_ADMIN', HW_GUID);
    expect(await me(app, person)).toMatchObject({ institutionAdmin: true, organizationGUID: 'org-own' });
    // Without the entitlements the grant's organisation is theirs.
    await loginWithClaims(app, claimsOf(email));
    expect(await me(app, person)).toMatchObject({ institutionAdmin: true, organizationGUID: HW_GUID });
  });
});
