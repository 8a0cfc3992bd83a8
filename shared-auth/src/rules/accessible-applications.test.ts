import { accessibleApplications } from './applications.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';

const NOW = 1_800_000_000;
const wiki = {
  id: 'app-wiki',
  'name:en': 'Research Wiki',
  'name:nl': 'Onderzoekswiki',
  'OrganizationName:en': 'Harderwijk University',
  'OrganizationName:nl': 'Universiteit Harderwijk',
  logo: '/logos/wiki.svg',
  url: 'https://wiki.example.org',
  landingPage: 'https://wiki.example.org/welcome',
};
const canvas = { id: 'app-canvas', 'name:en': 'Canvas', url: 'https://canvas.example.org' };

describe('accessibleApplications', () => {
  const role = (id: number, maps: Record<string, unknown>[], extra = {}) =>
    makeRole(
      id,
      maps.map((m) => m.id as string),
      { name: `Role ${id}`, applicationMaps: maps as never, ...extra },
    );

  test('lists each application of a guest membership with its role, end date and landing page', () => {
    const r = role(1, [wiki, canvas]);
    r.applicationUsages[1]!.landingPage = 'https://canvas.example.org/course';
    const user = makeUser({ userRoles: [holding(r, 'GUEST', { endDate: NOW + 86_400 })] });
    expect(accessibleApplications(user, 'en', NOW)).toEqual([
      {
        manageId: 'app-canvas',
        name: 'Canvas',
        roleId: 1,
        roleName: 'Role 1',
        endDate: NOW + 86_400,
        url: 'https://canvas.example.org/course',
      },
      {
        manageId: 'app-wiki',
        name: 'Research Wiki',
        organisation: 'Harderwijk University',
        logo: '/logos/wiki.svg',
        roleId: 1,
        roleName: 'Role 1',
        endDate: NOW + 86_400,
        url: 'https://wiki.example.org/welcome',
      },
    ]);
  });

  test('speaks Dutch with English as fallback', () => {
    const user = makeUser({ userRoles: [holding(role(1, [wiki, canvas]), 'GUEST')] });
    expect(accessibleApplications(user, 'nl', NOW).map((a) => [a.name, a.organisation ?? null])).toEqual([
      ['Canvas', null],
      ['Onderzoekswiki', 'Universiteit Harderwijk'],
    ]);
  });

  test("prefers the role's landing page to the registry's", () => {
    const user = makeUser({
      userRoles: [holding(role(1, [wiki], { landingPage: 'https://role.example.org' }), 'GUEST')],
    });
    expect(accessibleApplications(user, 'en', NOW)[0]!.url).toBe('https://role.example.org');
  });

  test('leaves out ended memberships, unknown applications and memberships without the guest role', () => {
    const user = makeUser({
      userRoles: [
        holding(role(1, [wiki]), 'GUEST', { endDate: NOW - 1 }),
        holding(role(2, [{ ...canvas, unknown: true }]), 'GUEST'),
        holding(role(3, [canvas]), 'MANAGER'),
        holding(role(4, [wiki]), 'INVITER', { guestRoleIncluded: true, endDate: null }),
      ],
    });
    expect(accessibleApplications(user, 'en', NOW).map((a) => [a.roleId, a.manageId])).toEqual([
      [4, 'app-wiki'],
    ]);
  });

  test('is empty without a user or memberships', () => {
    expect(accessibleApplications(null, 'en', NOW)).toEqual([]);
    expect(accessibleApplications(makeUser(), 'en', NOW)).toEqual([]);
  });
});
