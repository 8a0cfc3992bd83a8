import {
  assertValidAuthority,
  authoritiesBelow,
  authorityRank,
  effectiveAuthority,
  highestAuthority,
  isUserAllowed,
  isValidAuthority,
} from './authority.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import { AUTHORITIES, type Authority, type User } from './types.js';

const role = makeRole(1, ['app-a']);
const other = makeRole(2, ['app-b']);
const withRoles = (...authorities: Authority[]) =>
  makeUser({ userRoles: authorities.map((a, i) => holding(i % 2 ? other : role, a)) });

describe('authority ladder', () => {
  test.each([
    ['SUPER_USER', 1],
    ['INSTITUTION_ADMIN', 2],
    ['APPLICATION_MANAGER', 3],
    ['MANAGER', 4],
    ['INVITER', 5],
    ['GUEST', 6],
  ])('%s ranks %i', (authority, rank) => {
    expect(authorityRank(authority)).toBe(rank);
    expect(isValidAuthority(authority)).toBe(true);
  });

  test.each(['OWNER', 'guest', '', 'toString', 'constructor'])('%p is not valid', (name) => {
    expect(isValidAuthority(name)).toBe(false);
    expect(() => assertValidAuthority(name)).toThrow(`${name} is not a valid authority`);
    expect(() => authorityRank(name)).toThrow(new Error(`${name} is not a valid authority`));
  });

  test('non-strings are not valid', () => {
    expect(isValidAuthority(undefined)).toBe(false);
    expect(() => assertValidAuthority(3)).toThrow('3 is not a valid authority');
  });

  test.each([
    ['SUPER_USER', ['INSTITUTION_ADMIN', 'APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST']],
    ['INSTITUTION_ADMIN', ['APPLICATION_MANAGER', 'MANAGER', 'INVITER', 'GUEST']],
    ['APPLICATION_MANAGER', ['MANAGER', 'INVITER', 'GUEST']],
    ['MANAGER', ['INVITER', 'GUEST']],
    ['INVITER', ['GUEST']],
    ['GUEST', []],
  ] as const)('below %s', (authority, below) => {
    expect(authoritiesBelow(authority)).toEqual(below);
  });
});

describe('effectiveAuthority', () => {
  const cases: Array<[string, User, Authority, Authority]> = [
    ['super user', makeUser({ superUser: true, institutionAdmin: true }), 'SUPER_USER', 'SUPER_USER'],
    [
      'institution admin with apps',
      makeUser({ institutionAdmin: true, apps: ['app-a'] }),
      'INSTITUTION_ADMIN',
      'INSTITUTION_ADMIN',
    ],
    [
      'institution admin without apps, no roles',
      makeUser({ institutionAdmin: true }),
      'INSTITUTION_ADMIN',
      'GUEST',
    ],
    [
      'institution admin without apps, inviter role',
      makeUser({ institutionAdmin: true, apps: [], userRoles: [holding(role, 'INVITER')] }),
      'INSTITUTION_ADMIN',
      'INVITER',
    ],
    ['manager + guest', withRoles('GUEST', 'MANAGER'), 'MANAGER', 'MANAGER'],
    ['inviter', withRoles('INVITER'), 'INVITER', 'INVITER'],
    ['guest', withRoles('GUEST'), 'GUEST', 'GUEST'],
    ['no roles', makeUser(), 'GUEST', 'GUEST'],
  ];
  test.each(cases)('%s', (_name, user, loose, strict) => {
    expect(effectiveAuthority(user, false)).toBe(loose);
    expect(effectiveAuthority(user, true)).toBe(strict);
  });
});

describe('isUserAllowed', () => {
  const users: Array<[string, User, Authority | null]> = [
    ['super user', makeUser({ superUser: true }), 'SUPER_USER'],
    [
      'institution admin with apps',
      makeUser({ institutionAdmin: true, apps: ['app-a'] }),
      'INSTITUTION_ADMIN',
    ],
    ['institution admin without apps', makeUser({ institutionAdmin: true }), 'GUEST'],
    ['manager', withRoles('MANAGER', 'GUEST'), 'MANAGER'],
    ['inviter', withRoles('GUEST', 'INVITER'), 'INVITER'],
    ['guest', withRoles('GUEST'), 'GUEST'],
    ['no roles', makeUser(), 'GUEST'],
  ];
  const table = users.flatMap(([name, user, level]) =>
    AUTHORITIES.map(
      (required) => [name, required, user, authorityRank(level!) <= authorityRank(required)] as const,
    ),
  );
  test.each(table)('%s requiring %s', (_name, required, user, expected) => {
    expect(isUserAllowed(user, required)).toBe(expected);
  });

  test('a super user passes even the top of the ladder; nobody passes without a user', () => {
    expect(isUserAllowed(makeUser({ superUser: true }), 'SUPER_USER')).toBe(true);
    expect(isUserAllowed(null, 'GUEST')).toBe(false);
  });

  test('an unknown required authority throws', () => {
    expect(() => isUserAllowed(makeUser({ superUser: true }), 'ADMIN')).toThrow(
      'ADMIN is not a valid authority',
    );
  });
});

describe('highestAuthority', () => {
  const cases: Array<[string, User | null, string, string]> = [
    [
      'super user',
      makeUser({ superUser: true, institutionAdmin: true, authority: 'GUEST' }),
      'SUPER_USER',
      'SUPER_USER',
    ],
    [
      'institution admin without apps',
      makeUser({ institutionAdmin: true, authority: 'INVITER' }),
      'INSTITUTION_ADMIN',
      'INVITER',
    ],
    [
      'institution admin with apps',
      makeUser({ institutionAdmin: true, apps: ['x'] }),
      'INSTITUTION_ADMIN',
      'INSTITUTION_ADMIN',
    ],
    ['first of the list', makeUser({ authority: 'MANAGER,INVITER,GUEST' }), 'MANAGER', 'MANAGER'],
    ['list with spaces', makeUser({ authority: ' INVITER , GUEST' }), 'INVITER', 'INVITER'],
    [
      'empty list',
      makeUser({ authority: '', userRoles: [holding(role, 'MANAGER')] }),
      'No member',
      'No member',
    ],
    [
      'no list: roles are read',
      makeUser({ userRoles: [holding(role, 'GUEST'), holding(other, 'INVITER')] }),
      'INVITER',
      'INVITER',
    ],
    ['no list, no roles', makeUser(), 'No member', 'No member'],
    ['no user', null, 'No member', 'No member'],
  ];
  test.each(cases)('%s', (_name, user, shown, strict) => {
    expect(highestAuthority(user)).toBe(shown);
    expect(highestAuthority(user, false)).toBe(strict);
  });
});
