import { wikiRole } from '../test-support/roles.fixture';
import {
  canAddApplication,
  canRemoveApplication,
  hasErrors,
  newRoleValues,
  normaliseExpiryDays,
  roleFormErrors,
  shortNamePreview,
  takenElsewhere,
  toRoleInput,
  valuesFromRole,
  type RoleFormValues,
} from './role-form.rules';

const valid: RoleFormValues = {
  ...newRoleValues('app-wiki', 'saml20_sp', 'https://wiki.example.org'),
  name: 'Lab Assistants',
  description: 'Assist in the lab',
};
const ok = { organizationGUIDValid: true, invalidLandingPages: [] };
const app = (manageId: string) => ({
  manageId,
  manageType: 'saml20_sp' as const,
  landingPage: 'https://x.org',
});

describe('role form rules', () => {
  it('accepts a complete role', () => {
    expect(roleFormErrors(valid, ok, false)).toEqual({});
  });

  it('requires name and description', () => {
    expect(roleFormErrors({ ...valid, name: ' ', description: '' }, ok, false)).toEqual({
      name: 'required',
      description: 'required',
    });
    // A name without a letter or digit gives no short name.
    expect(roleFormErrors({ ...valid, name: '!!!' }, ok, false).name).toBe('invalid');
  });

  it('refuses an organisation GUID the lookup did not find, for super users only', () => {
    const withGuid = { ...valid, organizationGUID: 'nope' };
    const failed = { ...ok, organizationGUIDValid: false };
    expect(roleFormErrors(withGuid, failed, true).organizationGUID).toBe('invalid');
    expect(roleFormErrors(withGuid, failed, false).organizationGUID).toBeUndefined();
  });

  it('requires the first application and a valid landing page for each', () => {
    expect(roleFormErrors({ ...valid, applications: [{ ...app(''), landingPage: '' }] }, ok, false)).toEqual({
      applications: 'required',
    });
    const twoApps = { ...valid, applications: [app('a'), { ...app('b'), landingPage: ' ' }] };
    expect(roleFormErrors(twoApps, ok, false).landingPages).toEqual({ 1: 'required' });
    expect(
      roleFormErrors(valid, { ...ok, invalidLandingPages: ['https://wiki.example.org'] }, false).landingPages,
    ).toEqual({
      0: 'invalid',
    });
  });

  it('adds applications only when the first is chosen and choices are left; removes only past one', () => {
    expect(canAddApplication([app('')], 3)).toBe(false);
    expect(canAddApplication([app('a')], 3)).toBe(true);
    expect(canAddApplication([app('a'), app('b'), app('c')], 3)).toBe(false);
    expect(canAddApplication([app('a'), app('')], 3)).toBe(false);
    expect(canRemoveApplication([app('a')])).toBe(false);
    expect(canRemoveApplication([app('a'), app('b')])).toBe(true);
    expect([...takenElsewhere([app('a'), app('b')], 0)]).toEqual(['b']);
  });

  it('normalises the default validity to a positive whole number, else 0', () => {
    expect(normaliseExpiryDays('30')).toBe(30);
    expect(normaliseExpiryDays('12.7')).toBe(12);
    expect(normaliseExpiryDays('-4')).toBe(0);
    expect(normaliseExpiryDays('abc')).toBe(0);
    expect(
      roleFormErrors({ ...valid, expiryOn: true, defaultExpiryDays: 0 }, ok, false).defaultExpiryDays,
    ).toBe('invalid');
  });

  it('requires the inviter name when the custom name switch is on', () => {
    expect(roleFormErrors({ ...valid, customInviterName: true }, ok, false).inviterDisplayName).toBe(
      'required',
    );
    expect(
      hasErrors(roleFormErrors({ ...valid, customInviterName: true, inviterDisplayName: 'Lab' }, ok, false)),
    ).toBe(false);
  });

  it('derives the short name as the established product does', () => {
    expect(shortNamePreview(' !@#$%^&*(9IIOO   UU  plp ')).toBe('9iioo_uu_plp');
  });

  it('reads a role: the expiry switch is on when the validity differs from 365 days', () => {
    expect(valuesFromRole(wikiRole).expiryOn).toBe(false);
    expect(valuesFromRole({ ...wikiRole, defaultExpiryDays: 30 }).expiryOn).toBe(true);
    expect(valuesFromRole({ ...wikiRole, inviterDisplayName: 'Lab' }).customInviterName).toBe(true);
  });

  it('builds the payload: 365 days when the switch is off, no inviter name when that switch is off', () => {
    const input = toRoleInput(
      { ...valid, defaultExpiryDays: 30, inviterDisplayName: 'stale', organizationGUID: 'g' },
      undefined,
      false,
    );
    expect(input).toEqual({
      name: 'Lab Assistants',
      description: 'Assist in the lab',
      defaultExpiryDays: 365,
      endDate: null,
      enforceEmailEquality: false,
      eduIDOnly: false,
      overrideSettingsAllowed: false,
      requestedAuthnContext: null,
      inviterDisplayName: null,
      applicationUsages: [
        {
          application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
          landingPage: 'https://wiki.example.org',
        },
      ],
    });
    expect(toRoleInput({ ...valid, organizationGUID: 'g' }, 7, true)).toEqual(
      expect.objectContaining({ id: 7, organizationGUID: 'g' }),
    );
  });

  it("reads and sends the role's assurance level, none as null (issue 52)", () => {
    const acr = 'https://eduid.nl/trust/validate-names';
    expect(valuesFromRole(wikiRole).requestedAuthnContext).toBe('');
    expect(valuesFromRole({ ...wikiRole, requestedAuthnContext: acr }).requestedAuthnContext).toBe(acr);
    expect(toRoleInput({ ...valid, requestedAuthnContext: acr }, 7, false).requestedAuthnContext).toBe(acr);
    expect(toRoleInput({ ...valid, requestedAuthnContext: '' }, 7, false).requestedAuthnContext).toBeNull();
  });

  it('sends days or an end date, never both (issue 53)', () => {
    const end = new Date(2030, 0, 31);
    const byDate = {
      ...valid,
      expiryOn: true,
      expiryBy: 'date' as const,
      endDate: end,
      defaultExpiryDays: 30,
    };
    expect(toRoleInput(byDate, 7, false)).toEqual(
      expect.objectContaining({ defaultExpiryDays: 0, endDate: end.getTime() / 1000 }),
    );
    expect(toRoleInput({ ...byDate, expiryBy: 'days' }, 7, false)).toEqual(
      expect.objectContaining({ defaultExpiryDays: 30, endDate: null }),
    );
    expect(toRoleInput({ ...byDate, expiryOn: false }, 7, false)).toEqual(
      expect.objectContaining({ defaultExpiryDays: 365, endDate: null }),
    );
  });

  it('wants an end date when memberships end on a date, and days only when they end after days', () => {
    const byDate = {
      ...valid,
      expiryOn: true,
      expiryBy: 'date' as const,
      endDate: null,
      defaultExpiryDays: 0,
    };
    expect(roleFormErrors(byDate, ok, false)).toEqual({ endDate: 'required' });
    expect(roleFormErrors({ ...byDate, endDate: new Date(2030, 0, 31) }, ok, false)).toEqual({});
    expect(roleFormErrors({ ...byDate, expiryBy: 'days' }, ok, false)).toEqual({
      defaultExpiryDays: 'invalid',
    });
  });

  it('reads a role with an end date as the date choice, with 365 days ready for the other', () => {
    const values = valuesFromRole({ ...wikiRole, defaultExpiryDays: 0, endDate: 1_896_134_400 });
    expect(values).toEqual(
      expect.objectContaining({
        expiryOn: true,
        expiryBy: 'date',
        endDate: new Date(1_896_134_400_000),
        defaultExpiryDays: 365,
      }),
    );
    expect(valuesFromRole(wikiRole)).toEqual(expect.objectContaining({ expiryBy: 'days', endDate: null }));
  });
});
