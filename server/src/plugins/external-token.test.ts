import type { User, UserRole } from 'shared-auth/rules';
import { tokenPrincipal } from './external-token.js';

/**
 * A token's reach after its owner's rights changed (issue 57): the token is judged as its own principal,
 * never as its owner. An organisation's token follows its owner's institution-admin right of *that*
 * organisation only; a member's token keeps its owner's roles but never the powers the owner gains later.
 */
const ORG_A = 'org-a-guid';
const ORG_B = 'org-b-guid';

function roleOf(authority: UserRole['authority']): UserRole {
  return { id: 1, authority, role: { id: 7, name: 'Wiki', shortName: 'wiki' } } as UserRole;
}

function owner(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    superUser: false,
    institutionAdmin: false,
    organizationGUID: null,
    userRoles: [],
    managedApplications: [],
    authority: '',
    ...overrides,
  };
}

const superUserToken = { superUserToken: true, organizationGUID: null };
const organisationToken = { superUserToken: false, organizationGUID: ORG_A };
const memberToken = { superUserToken: false, organizationGUID: null };

describe('tokenPrincipal: a super-user token', () => {
  it('acts as a super user while its owner is one, without the owner roles', () => {
    const reach = tokenPrincipal(superUserToken, owner({ superUser: true, userRoles: [roleOf('MANAGER')] }));
    expect(reach).toEqual({
      principal: expect.objectContaining({
        superUser: true,
        institutionAdmin: false,
        userRoles: [],
        roles: [],
      }),
    });
  });

  it('reaches nothing once its owner is no longer a super user', () => {
    expect(
      tokenPrincipal(superUserToken, owner({ institutionAdmin: true, organizationGUID: ORG_A })),
    ).toEqual({
      refusal: "This super-user token's owner is no longer a super user",
    });
  });
});

describe("tokenPrincipal: an organisation's token", () => {
  it("acts as an institution admin of the token's organisation, without the owner's roles or applications", () => {
    const reach = tokenPrincipal(
      organisationToken,
      owner({
        institutionAdmin: true,
        organizationGUID: ORG_A,
        userRoles: [roleOf('MANAGER')],
        managedApplications: [{ id: 'app-1', manageType: 'SAML20_SP' } as never],
      }),
    );
    expect(reach).toEqual({
      principal: expect.objectContaining({
        superUser: false,
        institutionAdmin: true,
        organizationGUID: ORG_A,
        userRoles: [],
        roles: [],
        managedApplications: [],
        authority: '',
      }),
    });
  });

  it('reaches nothing once its owner became institution admin of another organisation', () => {
    expect(
      tokenPrincipal(organisationToken, owner({ institutionAdmin: true, organizationGUID: ORG_B })),
    ).toEqual({
      refusal: "This token's owner is no longer an institution admin of the token's organisation",
    });
  });

  it('reaches nothing once its owner is no longer an institution admin of that organisation', () => {
    expect(
      tokenPrincipal(organisationToken, owner({ institutionAdmin: false, organizationGUID: ORG_A })),
    ).toEqual({
      refusal: "This token's owner is no longer an institution admin of the token's organisation",
    });
  });

  it('keeps working for a super-user owner, as an institution admin of its organisation only', () => {
    const reach = tokenPrincipal(organisationToken, owner({ superUser: true, organizationGUID: ORG_B }));
    expect(reach).toEqual({
      principal: expect.objectContaining({
        superUser: false,
        institutionAdmin: true,
        organizationGUID: ORG_A,
      }),
    });
  });
});

describe("tokenPrincipal: a member's token (made without an organisation)", () => {
  it("reaches its owner's roles as inviter or above", () => {
    const roles = [roleOf('INVITER')];
    const reach = tokenPrincipal(memberToken, owner({ userRoles: roles }));
    expect(reach).toEqual({
      principal: expect.objectContaining({ superUser: false, institutionAdmin: false, userRoles: roles }),
    });
  });

  it('gains no super-user power when its owner is promoted to super user', () => {
    const roles = [roleOf('MANAGER')];
    const reach = tokenPrincipal(memberToken, owner({ superUser: true, userRoles: roles }));
    expect(reach).toEqual({
      principal: expect.objectContaining({ superUser: false, institutionAdmin: false, userRoles: roles }),
    });
  });

  it('gains no institution-admin power when its owner is promoted to institution admin', () => {
    const roles = [roleOf('INVITER')];
    const reach = tokenPrincipal(
      memberToken,
      owner({ institutionAdmin: true, organizationGUID: ORG_A, userRoles: roles }),
    );
    expect(reach).toEqual({
      principal: expect.objectContaining({
        superUser: false,
        institutionAdmin: false,
        organizationGUID: null,
        userRoles: roles,
      }),
    });
  });

  it('reaches nothing when its promoted owner holds no role as inviter or above', () => {
    const refusal = { refusal: "This token's owner no longer holds a role as inviter or above" };
    expect(tokenPrincipal(memberToken, owner({ superUser: true }))).toEqual(refusal);
    expect(tokenPrincipal(memberToken, owner({ institutionAdmin: true, organizationGUID: ORG_A }))).toEqual(
      refusal,
    );
    expect(tokenPrincipal(memberToken, owner({ userRoles: [roleOf('GUEST')] }))).toEqual(refusal);
  });
});
