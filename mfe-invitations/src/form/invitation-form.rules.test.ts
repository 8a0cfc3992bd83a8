import { addDays, startOfDay } from 'shared-ui';
import { forge, guest, inviter, library, manager, role, superUser, wiki } from '../test-support/fixtures';
import {
  authorityChoices,
  defaultIntendedAuthority,
  expiryBounds,
  invitableRoles,
  mayOpenInvitationForm,
  organizationRequired,
  overrideAllowed,
  roleEndDateCap,
  roleExpiryFor,
  settingsFromRoles,
  toInvitationRequest,
  validateInvitation,
  type InvitationFormValues,
} from './invitation-form.rules';

const TODAY = new Date(2026, 0, 10, 15, 30);
const day = (n: number) => addDays(startOfDay(TODAY), n);

const values = (extra: Partial<InvitationFormValues> = {}): InvitationFormValues => ({
  invitees: ['a@x.org'],
  intendedAuthority: 'GUEST',
  roleIds: [wiki.id],
  message: '',
  language: 'en',
  expiryDate: day(30),
  roleExpiryDate: day(100),
  enforceEmailEquality: false,
  eduIDOnly: false,
  requestedAuthnContext: '',
  guestRoleIncluded: false,
  organizationGUID: '',
  manageIdentifiers: [],
  ...extra,
});
const texts = { requiredEmail: 'E', requiredRole: 'R', requiredOrganizationGUID: 'O' };

describe('who may open the form, and what it offers', () => {
  it('needs inviter authority', () => {
    expect(mayOpenInvitationForm(inviter)).toBe(true);
    expect(mayOpenInvitationForm(superUser)).toBe(true);
    expect(mayOpenInvitationForm(guest)).toBe(false);
    expect(mayOpenInvitationForm(null)).toBe(false);
  });

  it('defaults to guest, and to inviter for maintainer=true', () => {
    expect(defaultIntendedAuthority(null)).toBe('GUEST');
    expect(defaultIntendedAuthority('false')).toBe('GUEST');
    expect(defaultIntendedAuthority('true')).toBe('INVITER');
  });

  it('offers the roles the user may invite for, by name, and never one unknown in the registry', () => {
    const unknown = role(9, 'Aardvark', { unknownInManage: true });
    expect(invitableRoles(superUser, [wiki, unknown, forge]).map((r) => r.name)).toEqual([
      'Code Forge',
      'Wiki Editors',
    ]);
    expect(invitableRoles(inviter, [wiki, library]).map((r) => r.name)).toEqual(['Wiki Editors']);
    expect(invitableRoles(guest, [wiki])).toEqual([]);
  });

  it('takes the authority choices from the shared rule', () => {
    expect(authorityChoices(superUser, [])).toEqual([
      'SUPER_USER',
      'INSTITUTION_ADMIN',
      'APPLICATION_MANAGER',
      'MANAGER',
      'INVITER',
      'GUEST',
    ]);
    expect(authorityChoices(manager, [wiki])).toEqual(['INVITER', 'GUEST']);
    expect(authorityChoices(inviter, [wiki, forge])).toEqual(['GUEST']);
    const mixed = {
      ...manager,
      userRoles: [
        { id: 1, role: wiki, authority: 'MANAGER' as const },
        { id: 2, role: forge, authority: 'INVITER' as const },
      ],
    };
    expect(authorityChoices(mixed, [wiki, forge])).toEqual(['GUEST']);
  });
});

describe('advanced settings', () => {
  it('are overridable only when every chosen role allows it', () => {
    expect(overrideAllowed([forge, library])).toBe(true);
    expect(overrideAllowed([forge, wiki])).toBe(false);
  });

  it('turn enforce e-mail equality and eduID only on when any chosen role has them', () => {
    expect(settingsFromRoles([forge, library])).toMatchObject({
      enforceEmailEquality: true,
      eduIDOnly: false,
    });
    expect(settingsFromRoles([forge])).toMatchObject({ enforceEmailEquality: false, eduIDOnly: false });
  });

  it('take the assurance level of the first chosen role that asks for one (issue 52)', () => {
    const strict = { ...library, requestedAuthnContext: 'https://eduid.nl/trust/validate-names' };
    expect(settingsFromRoles([forge]).requestedAuthnContext).toBe('');
    expect(settingsFromRoles([forge, strict]).requestedAuthnContext).toBe(
      'https://eduid.nl/trust/validate-names',
    );
    // Not overridable: the roles' value is sent, whatever the form holds.
    const fixed = { ...wiki, requestedAuthnContext: 'https://eduid.nl/trust/affiliation-student' };
    expect(toInvitationRequest(values({ requestedAuthnContext: '' }), [fixed]).requestedAuthnContext).toBe(
      'https://eduid.nl/trust/affiliation-student',
    );
    // Overridable: the form's choice, none as null.
    expect(
      toInvitationRequest(values({ roleIds: [forge.id], requestedAuthnContext: '' }), [forge])
        .requestedAuthnContext,
    ).toBeNull();
    expect(
      toInvitationRequest(values({ roleIds: [forge.id], requestedAuthnContext: 'urn:x' }), [forge])
        .requestedAuthnContext,
    ).toBe('urn:x');
  });
});

describe('dates', () => {
  it('let the invitation expire from tomorrow up to 365 days ahead', () => {
    expect(expiryBounds(TODAY)).toEqual({ min: day(1), max: day(365) });
  });

  it('recalculate the role expiry: a guest gets the smallest role default, else the value kept', () => {
    expect(roleExpiryFor('GUEST', [wiki, forge], day(200), day(30), TODAY)).toEqual(day(100));
    expect(roleExpiryFor('GUEST', [], null, day(30), TODAY)).toEqual(day(365));
    expect(roleExpiryFor('MANAGER', [wiki], day(200), day(30), TODAY)).toEqual(day(200));
    expect(roleExpiryFor('MANAGER', [wiki], null, day(30), TODAY)).toEqual(day(366));
  });

  it("never lie after a chosen role's end date (issue 53), whatever the authority", () => {
    const semester = role(9, 'Semester', {
      defaultExpiryDays: 0,
      endDate: Math.floor(day(60).getTime() / 1000),
    });
    const later = role(10, 'Later', { defaultExpiryDays: 0, endDate: Math.floor(day(90).getTime() / 1000) });
    expect(roleEndDateCap([wiki])).toBeNull();
    expect(roleEndDateCap([later, semester, wiki])).toEqual(day(60));
    expect(roleExpiryFor('GUEST', [semester], null, day(30), TODAY)).toEqual(day(60));
    expect(roleExpiryFor('GUEST', [wiki, later], null, day(30), TODAY)).toEqual(day(90));
    expect(roleExpiryFor('MANAGER', [semester], day(200), day(30), TODAY)).toEqual(day(60));
    expect(roleExpiryFor('GUEST', [wiki, semester], day(40), day(30), TODAY)).toEqual(day(60));
    // The end date wins over the minimum of one day after the invitation expiry.
    expect(roleExpiryFor('GUEST', [semester], null, day(70), TODAY)).toEqual(day(60));
  });

  it('keep the role expiry at least one day after the invitation expiry', () => {
    const short = role(8, 'Short', { defaultExpiryDays: 5 });
    expect(roleExpiryFor('GUEST', [short], null, day(30), TODAY)).toEqual(day(31));
  });
});

describe('validation (spec §5)', () => {
  it('needs an address and, for roles below institution admin, a role', () => {
    expect(
      validateInvitation(
        values({ invitees: [], roleIds: [] }),
        { user: manager, organizationValid: null },
        texts,
      ),
    ).toEqual({
      invitees: 'E',
      roles: 'R',
    });
    expect(
      validateInvitation(
        values({ intendedAuthority: 'SUPER_USER', roleIds: [] }),
        { user: superUser, organizationValid: null },
        texts,
      ),
    ).toEqual({});
  });

  it('needs a checked organisation GUID when a super user invites an institution admin', () => {
    const ia = values({ intendedAuthority: 'INSTITUTION_ADMIN', roleIds: [] });
    expect(organizationRequired(superUser, 'INSTITUTION_ADMIN')).toBe(true);
    expect(organizationRequired(manager, 'INSTITUTION_ADMIN')).toBe(false);
    expect(validateInvitation(ia, { user: superUser, organizationValid: null }, texts)).toEqual({
      organizationGUID: 'O',
    });
    expect(
      validateInvitation(
        { ...ia, organizationGUID: 'g' },
        { user: superUser, organizationValid: false },
        texts,
      ),
    ).toEqual({
      organizationGUID: 'O',
    });
    expect(
      validateInvitation(
        { ...ia, organizationGUID: 'g' },
        { user: superUser, organizationValid: true },
        texts,
      ),
    ).toEqual({});
  });
});

describe('the create payload', () => {
  it('sends dates as epoch seconds and the roles’ own settings when they may not be overridden', () => {
    const request = toInvitationRequest(values({ enforceEmailEquality: true, message: '  Hi  ' }), [wiki]);
    expect(request).toEqual({
      intendedAuthority: 'GUEST',
      invites: ['a@x.org'],
      roleIdentifiers: [wiki.id],
      message: 'Hi',
      language: 'en',
      expiryDate: day(30).getTime() / 1000,
      roleExpiryDate: day(100).getTime() / 1000,
      organizationGUID: null,
      enforceEmailEquality: false,
      eduIDOnly: false,
      requestedAuthnContext: null,
      guestRoleIncluded: false,
    });
  });

  it('sends the chosen switches when every role allows overriding', () => {
    const request = toInvitationRequest(
      values({ intendedAuthority: 'INVITER', roleIds: [forge.id], eduIDOnly: true, guestRoleIncluded: true }),
      [forge],
    );
    expect(request).toMatchObject({ eduIDOnly: true, guestRoleIncluded: true, enforceEmailEquality: false });
  });

  it('sends the organisation for an institution admin, without roles or role expiry', () => {
    const request = toInvitationRequest(
      values({ intendedAuthority: 'INSTITUTION_ADMIN', roleIds: [], organizationGUID: ' guid-1 ' }),
      [],
    );
    expect(request).toMatchObject({ roleIdentifiers: [], roleExpiryDate: null, organizationGUID: 'guid-1' });
  });

  it('sends the applications of an application manager, without roles (issue 53)', () => {
    const library = { manageId: 'app-library', manageType: 'oidc10_rp' as const };
    const request = toInvitationRequest(
      values({ intendedAuthority: 'APPLICATION_MANAGER', roleIds: [wiki.id], manageIdentifiers: [library] }),
      [wiki],
    );
    expect(request).toMatchObject({
      roleIdentifiers: [],
      roleExpiryDate: null,
      manageIdentifiers: [library],
    });
    expect(toInvitationRequest(values(), [wiki]).manageIdentifiers).toBeUndefined();
  });
});

describe('application manager invitations (issue 53)', () => {
  it('need at least one application and no role', () => {
    const asked = { ...texts, requiredApplication: 'A' };
    const empty = values({ intendedAuthority: 'APPLICATION_MANAGER', roleIds: [] });
    expect(validateInvitation(empty, { user: manager, organizationValid: null }, asked)).toEqual({
      applications: 'A',
    });
    const chosen = {
      ...empty,
      manageIdentifiers: [{ manageId: 'app-wiki', manageType: 'saml20_sp' as const }],
    };
    expect(validateInvitation(chosen, { user: manager, organizationValid: null }, asked)).toEqual({});
  });
});
