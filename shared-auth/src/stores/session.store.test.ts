import { initialSessionState, useSessionStore } from './session.store.js';
import type { User } from '../rules/types.js';

const admin: User = { id: 1, name: 'Admin', superUser: true, institutionAdmin: false, userRoles: [] };
const guest: User = { id: 2, name: 'Guest', superUser: false, institutionAdmin: false, userRoles: [] };
const inviter: User = { id: 3, name: 'Inviter', superUser: false, institutionAdmin: false, userRoles: [] };

beforeEach(() => useSessionStore.setState(initialSessionState));

test('starts with the client state of spec §3', () => {
  expect(useSessionStore.getState()).toMatchObject({
    csrfToken: null,
    impersonator: null,
    authenticated: false,
    reload: false,
    config: {},
    missingAttributes: [],
    user: null,
    objectRole: '',
    breadcrumbPath: [],
  });
});

test('setConfig derives authenticated and missingAttributes', () => {
  useSessionStore.getState().setConfig({ authenticated: true, missingAttributes: ['email'] });
  expect(useSessionStore.getState()).toMatchObject({ authenticated: true, missingAttributes: ['email'] });
  useSessionStore.getState().setConfig({ authenticated: false });
  expect(useSessionStore.getState()).toMatchObject({ authenticated: false, missingAttributes: [] });
});

test('simple setters', () => {
  const store = useSessionStore.getState();
  store.setCsrfToken('t');
  store.setUser(admin);
  store.setBreadcrumbPath([{ path: '/home', value: 'Home' }, { value: 'Roles' }]);
  store.setObjectRole('Wiki');
  store.setReload(true);
  expect(useSessionStore.getState()).toMatchObject({
    csrfToken: 't',
    user: admin,
    breadcrumbPath: [{ path: '/home', value: 'Home' }, { value: 'Roles' }],
    objectRole: 'Wiki',
    reload: true,
  });
});

test('impersonation swaps user and impersonator, and switching keeps the real user', () => {
  const store = useSessionStore.getState();
  store.setUser(admin);
  store.startImpersonation(guest);
  expect(useSessionStore.getState()).toMatchObject({ user: guest, impersonator: admin });
  store.startImpersonation(inviter);
  expect(useSessionStore.getState()).toMatchObject({ user: inviter, impersonator: admin });
  store.stopImpersonation();
  expect(useSessionStore.getState()).toMatchObject({ user: admin, impersonator: null });
  store.stopImpersonation();
  expect(useSessionStore.getState()).toMatchObject({ user: admin, impersonator: null });
});

test('clearSession logs out but keeps the user until clearUser', () => {
  const store = useSessionStore.getState();
  store.setConfig({ authenticated: true, name: 'x' });
  store.setUser(admin);
  store.startImpersonation(guest);
  store.setBreadcrumbPath([{ value: 'Home' }]);
  store.clearSession();
  expect(useSessionStore.getState()).toMatchObject({
    authenticated: false,
    breadcrumbPath: [],
    config: { authenticated: false, name: 'x' },
    user: guest,
    impersonator: admin,
  });
  store.clearUser();
  expect(useSessionStore.getState()).toMatchObject({ user: null, impersonator: null });
});
