import { makeUser } from './testing/fixtures.js';
import { mayDeleteUser, mayImpersonate, mayOpenSystem } from './users.js';

describe('deleting and impersonating users (spec §6 SUPER_USER)', () => {
  const superUser = makeUser({ superUser: true });
  const institutionAdmin = makeUser({ institutionAdmin: true, organizationGUID: 'org', apps: ['app'] });
  const other = makeUser();

  it('lets only a super user delete, and never itself', () => {
    expect(mayDeleteUser(superUser, other)).toBe(true);
    expect(mayDeleteUser(superUser, superUser)).toBe(false);
    expect(mayDeleteUser(institutionAdmin, other)).toBe(false);
    expect(mayDeleteUser(null, other)).toBe(false);
  });

  it('opens the system area to super users only', () => {
    expect(mayOpenSystem(superUser)).toBe(true);
    expect(mayOpenSystem(institutionAdmin)).toBe(false);
    expect(mayOpenSystem(null)).toBe(false);
  });

  it('lets only a super user impersonate', () => {
    expect(mayImpersonate(superUser)).toBe(true);
    expect(mayImpersonate(institutionAdmin)).toBe(false);
    expect(mayImpersonate(other)).toBe(false);
    expect(mayImpersonate(undefined)).toBe(false);
  });
});
