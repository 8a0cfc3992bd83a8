/**
 * The login upsert over two logins (issue 57): the second login updates the person's e-mail address,
 * names and home organisation from its claims, keeps the user (same id), and keeps the organisation an
 * accepted institution-admin invitation gave, unless the claims make the person an institution admin of
 * their own organisation.
 */
import type { FastifyInstance } from 'fastify';
import { apiApp, HW_GUID } from '../test/api-kit.js';
import { adminEntitlements, claimsOf, inviteAndAccept } from '../test/authority-kit.js';
import { loginAs, loginWithClaims } from '../test/helper.js';
import { DEFAULT_ORGANIZATION_GUID_PREFIX } from '../config.js';

const OTHER_GUID = '0ba9a4f6-7a0e-4a8e-9a8e-3f1a7a3b7c55';

let app: FastifyInstance;
beforeAll(async () => {
  app = await apiApp();
});
afterAll(() => app.close());

interface StoredUser {
  sub: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  name: string | null;
  eduperson_principal_name: string | null;
  schac_home_organization: string | null;
  organization_guid: string | null;
  institution_admin: boolean;
  super_user: boolean;
}

async function stored(id: number): Promise<StoredUser> {
  const { rows } = await app.db.query<StoredUser>(
    `SELECT sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization,
            organization_guid, institution_admin, super_user FROM users WHERE id = $1`,
    [id],
  );
  return rows[0];
}

it('updates the e-mail address, names and home organisation from the second login, for the same user', async () => {
  const first = claimsOf('rename.me@uni.example');
  const { userId } = await loginWithClaims(app, first);
  expect(await stored(userId)).toMatchObject({ email: 'rename.me@uni.example', sub: first.sub });

  const second = await loginWithClaims(app, {
    ...first,
    email: 'Renamed.Person@New.Example',
    given_name: 'Renée',
    family_name: 'Nieuwnaam',
    name: 'Renée Nieuwnaam',
    eduperson_principal_name: 'renee@new.example',
    schac_home_organization: 'new.example',
  });
  expect(second.userId).toBe(userId);
  expect(await stored(userId)).toEqual({
    sub: first.sub,
    email: 'renamed.person@new.example',
    given_name: 'Renée',
    family_name: 'Nieuwnaam',
    name: 'Renée Nieuwnaam',
    eduperson_principal_name: 'renee@new.example',
    schac_home_organization: 'new.example',
    organization_guid: null,
    institution_admin: false,
    super_user: false,
  });
});

it("stores the claims' organisation, and takes an institution admin's right away when the claims no longer give it", async () => {
  const { userId } = await loginWithClaims(
    app,
    claimsOf('claims.admin@uni.example', adminEntitlements(HW_GUID)),
  );
  expect(await stored(userId)).toMatchObject({ organization_guid: HW_GUID, institution_admin: true });

  await loginWithClaims(
    app,
    claimsOf('claims.admin@uni.example', [`${DEFAULT_ORGANIZATION_GUID_PREFIX}${OTHER_GUID}`]),
  );
  expect(await stored(userId)).toMatchObject({ organization_guid: OTHER_GUID, institution_admin: false });
});

it('keeps the organisation of an accepted institution-admin invitation over a later login', async () => {
  const admin = await loginAs(app, 'admin');
  const email = 'granted.admin@uni.example';
  const invitee = { ...(await loginWithClaims(app, claimsOf(email))), email };
  await inviteAndAccept(app, admin, invitee, 'INSTITUTION_ADMIN', HW_GUID);
  expect(await stored(invitee.userId)).toMatchObject({ organization_guid: HW_GUID, institution_admin: true });

  // A login whose claims name another organisation, without the admin entitlement: the grant's stays.
  await loginWithClaims(app, claimsOf(email, [`${DEFAULT_ORGANIZATION_GUID_PREFIX}${OTHER_GUID}`]));
  expect(await stored(invitee.userId)).toMatchObject({ organization_guid: HW_GUID, institution_admin: true });
  // A login without any entitlement: still the grant's.
  await loginWithClaims(app, claimsOf(email));
  expect(await stored(invitee.userId)).toMatchObject({ organization_guid: HW_GUID, institution_admin: true });
  // Claims that make the person an institution admin of another organisation: the claims' organisation.
  await loginWithClaims(app, claimsOf(email, adminEntitlements(OTHER_GUID)));
  expect(await stored(invitee.userId)).toMatchObject({
    organization_guid: OTHER_GUID,
    institution_admin: true,
  });
});
