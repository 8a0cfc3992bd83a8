/**
 * The institution admins of the system area: where each admin's right comes from, and the removal of a
 * right an invitation granted (`PUT users/removeInstitutionAdmin/{userId}`), seen by every session and
 * token of the person on every instance from their next request.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/types.js';
import { fileRegistry } from '../registry/file-registry.js';
import { call, HW_GUID, loginPersonas, type Sessions } from '../test/api-kit.js';
import { adminEntitlements, claimsOf, inviteAndAccept } from '../test/authority-kit.js';
import { loginWithClaims, testConfig, type TestSession } from '../test/helper.js';
import { freshTestDb } from '../test/template-db.js';
import { ext, makeToken } from './external/external-test-kit.js';

const REMOVE = '/api/v1/users/removeInstitutionAdmin';

let db: Db;
/** Two instances over one database, as behind a load balancer. */
let a: FastifyInstance;
let b: FastifyInstance;
let s: Sessions;

beforeAll(async () => {
  db = await freshTestDb();
  const start = async () => {
    const app = await buildApp({ config: testConfig(), db, registry: fileRegistry(), logger: false });
    await app.ready();
    return app;
  };
  [a, b] = [await start(), await start()];
  s = await loginPersonas(a);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.close();
});

type Person = TestSession & { email: string };

/** A person made institution admin of Harderwijk by an invitation, logged in without the entitlements. */
async function invitedAdmin(email: string, entitlements: string[] = []): Promise<Person> {
  const person = { ...(await loginWithClaims(a, claimsOf(email, entitlements))), email };
  await inviteAndAccept(a, s.admin, person, 'INSTITUTION_ADMIN', HW_GUID);
  return person;
}

const grantsOf = async (userId: number) =>
  (await db.query('SELECT 1 FROM authority_grants WHERE user_id = $1', [userId])).rowCount;
const removalAudits = async (userId: number) =>
  (
    await db.query<{ actor_id: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT actor_id, before, after FROM audit_logs
        WHERE entity_type = 'user' AND action = 'remove_institution_admin' AND entity_id = $1 ORDER BY id`,
      [userId],
    )
  ).rows;

describe('GET /api/v1/users/institution-admins', () => {
  it('says for each admin whether the right comes from the entitlements, an invitation, or both', async () => {
    const invited = await invitedAdmin('listed.invited@example.org');
    const both = await invitedAdmin('listed.both@example.org', adminEntitlements(HW_GUID));
    const res = await call(a, s.admin, 'GET', '/api/v1/users/institution-admins');
    expect(res.statusCode).toBe(200);
    const harderwijk = res.json().find((g: { organizationGUID: string }) => g.organizationGUID === HW_GUID);
    const byId = (id: number) => harderwijk.admins.find((admin: { id: number }) => admin.id === id);
    expect(byId(s.institutionAdmin.userId)).toMatchObject({
      viaEntitlement: true,
      grantedByInvitation: false,
    });
    expect(byId(invited.userId)).toMatchObject({ viaEntitlement: false, grantedByInvitation: true });
    expect(byId(both.userId)).toMatchObject({ viaEntitlement: true, grantedByInvitation: true });
  });
});

describe('PUT /api/v1/users/removeInstitutionAdmin/{userId}', () => {
  it('removes the granted right: the old session and the organisation token lose it at their next call, on every instance', async () => {
    const person = await invitedAdmin('removed.admin@example.org');
    const token = await makeToken(a, person, 'HR system');
    expect((await ext(b, token.secret, 'GET', '/roles')).statusCode).toBe(200);
    expect((await call(b, person, 'GET', '/api/v1/users/me')).json()).toMatchObject({
      institutionAdmin: true,
    });

    const res = await call(a, s.admin, 'PUT', `${REMOVE}/${person.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: person.userId,
      email: 'removed.admin@example.org',
      institutionAdmin: false,
      organizationGUID: null,
      viaEntitlement: false,
      removedGrants: [{ organizationGUID: HW_GUID, grantedBy: 'Ada Admin' }],
    });
    expect(res.json().removedGrants[0].invitationId).toEqual(expect.any(Number));

    // Read on the other instance, with no new login.
    expect((await call(b, person, 'GET', '/api/v1/users/me')).json()).toMatchObject({
      institutionAdmin: false,
      organizationGUID: null,
    });
    const refused = await ext(b, token.secret, 'GET', '/roles');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/no longer an institution admin/);
    expect(await grantsOf(person.userId)).toBe(0);
    // A later login without the entitlements gives nothing back.
    await loginWithClaims(b, claimsOf('removed.admin@example.org'));
    expect((await call(b, person, 'GET', '/api/v1/users/me')).json()).toMatchObject({
      institutionAdmin: false,
    });

    const audits = await removalAudits(person.userId);
    expect(audits).toHaveLength(1);
    expect(Number(audits[0].actor_id)).toBe(s.admin.userId);
    expect(audits[0].before).toMatchObject({
      institutionAdmin: true,
      organizationGUID: HW_GUID,
      grants: [expect.objectContaining({ organizationGUID: HW_GUID, grantedBy: 'Ada Admin' })],
    });
    expect(audits[0].after).toMatchObject({ institutionAdmin: false, organizationGUID: null });

    // Nothing left to remove: a conflict, and nothing more is audited.
    const again = await call(a, s.admin, 'PUT', `${REMOVE}/${person.userId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/holds no institution-admin right granted by an invitation/);
    expect(await removalAudits(person.userId)).toHaveLength(1);
  });

  it('leaves the right an entitlement gives, and says so', async () => {
    const both = await invitedAdmin('entitled.too@example.org', adminEntitlements(HW_GUID));
    const res = await call(a, s.admin, 'PUT', `${REMOVE}/${both.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      institutionAdmin: true,
      organizationGUID: HW_GUID,
      viaEntitlement: true,
    });
    expect((await call(b, both, 'GET', '/api/v1/users/me')).json()).toMatchObject({ institutionAdmin: true });

    const entitledOnly = await call(a, s.admin, 'PUT', `${REMOVE}/${s.institutionAdmin.userId}`);
    expect(entitledOnly.statusCode).toBe(409);
    expect(entitledOnly.json().message).toMatch(/comes from the entitlements/);
  });

  it('refuses everyone but a super user, and changes nothing', async () => {
    const person = await invitedAdmin('kept.admin@example.org');
    for (const caller of [s.institutionAdmin, s.manager, person]) {
      const res = await call(a, caller, 'PUT', `${REMOVE}/${person.userId}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only a super user may do this');
    }
    // Nobody logged in: refused before the route (no session, so no CSRF token either).
    expect((await call(a, null, 'PUT', `${REMOVE}/${person.userId}`)).statusCode).toBe(403);
    // Without the CSRF token, even a super user's call is refused.
    const forged = await a.inject({
      method: 'PUT',
      url: `${REMOVE}/${person.userId}`,
      headers: { cookie: s.admin.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect(await grantsOf(person.userId)).toBe(1);
    expect(await removalAudits(person.userId)).toHaveLength(0);
    expect((await call(b, person, 'GET', '/api/v1/users/me')).json()).toMatchObject({
      institutionAdmin: true,
    });
  });

  it('answers 404 for an unknown user and 400 for an id that is no id', async () => {
    const unknown = await call(a, s.admin, 'PUT', `${REMOVE}/999999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User 999999 not found');
    for (const bad of ['abc', '0', '01', '1e3', '9999999999999999']) {
      const res = await call(a, s.admin, 'PUT', `${REMOVE}/${bad}`);
      expect(res.statusCode).toBe(400);
    }
  });
});
