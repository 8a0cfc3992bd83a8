import { page } from '../http/page.js';
import { initialSessionState, useSessionStore } from '../stores/session.store.js';
import { loginUrl, logout, startLogin } from './session.js';
import {
  clearSavedLocation,
  consumeMayAccept,
  hasMayAccept,
  saveLocation,
  savedLocation,
  setMayAccept,
} from './storage.js';

let assign: jest.SpyInstance;
let reload: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(page, 'assign').mockImplementation(() => undefined);
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  useSessionStore.setState(initialSessionState);
  localStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('startLogin', () => {
  test.each([
    [{}, 'http://localhost/api/v1/users/login'],
    [{ force: true }, 'http://localhost/api/v1/users/login?force=true'],
    [{ force: false, hash: 'a b&c' }, 'http://localhost/api/v1/users/login?hash=a+b%26c'],
    [{ force: true, hash: 'h1' }, 'http://localhost/api/v1/users/login?force=true&hash=h1'],
    [
      { returnTo: 'http://localhost:3004/tokens' },
      'http://localhost/api/v1/users/login?returnTo=http%3A%2F%2Flocalhost%3A3004%2Ftokens',
    ],
  ])('%j → %s', (options, href) => {
    expect(startLogin(options)).toBe(true);
    expect(assign).toHaveBeenCalledWith(href);
  });

  test('only http and https targets are followed', () => {
    expect(loginUrl({}, 'https://portal.example.org').toString()).toBe(
      'https://portal.example.org/api/v1/users/login',
    );
    expect(loginUrl({}, 'file:///tmp').protocol).toBe('file:');
    jest.spyOn(URL.prototype, 'protocol', 'get').mockReturnValue('javascript:');
    expect(startLogin()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  test('calls the server, clears the session, navigates, clears user and impersonator after 500 ms', async () => {
    jest.useFakeTimers();
    const requests: Request[] = [];
    global.fetch = (async (request: Request) => {
      requests.push(request);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const admin = { id: 1, superUser: true, institutionAdmin: false, userRoles: [] };
    const guest = { id: 2, superUser: false, institutionAdmin: false, userRoles: [] };
    useSessionStore.getState().setConfig({ authenticated: true });
    useSessionStore.getState().setUser(admin);
    useSessionStore.getState().startImpersonation(guest);
    useSessionStore.getState().setBreadcrumbPath([{ value: 'Home' }]);
    const navigate = jest.fn();

    await logout({ navigate });

    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/users/logout']);
    // The answer carries no x-session-alive header; that must not reload the page.
    expect(reload).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(useSessionStore.getState()).toMatchObject({
      authenticated: false,
      breadcrumbPath: [],
      user: guest,
      impersonator: admin,
    });
    jest.advanceTimersByTime(499);
    expect(useSessionStore.getState().user).toBe(guest);
    jest.advanceTimersByTime(1);
    expect(useSessionStore.getState()).toMatchObject({ user: null, impersonator: null });
  });

  test('a failing server call still logs out locally', async () => {
    global.fetch = (async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    useSessionStore.getState().setConfig({ authenticated: true });
    await expect(logout()).resolves.toBeUndefined();
    expect(useSessionStore.getState().authenticated).toBe(false);
  });
});

describe('saved location and the mayAccept marker', () => {
  test('the marker is read once', () => {
    expect(consumeMayAccept()).toBe(false);
    setMayAccept();
    expect(localStorage.getItem('mayAccept')).toBe('true');
    expect(hasMayAccept()).toBe(true);
    expect(consumeMayAccept()).toBe(true);
    expect(consumeMayAccept()).toBe(false);
    expect(hasMayAccept()).toBe(false);
  });

  test('the location is kept under "location"', () => {
    saveLocation('/invitation/accept?hash=x');
    expect(localStorage.getItem('location')).toBe('/invitation/accept?hash=x');
    expect(savedLocation()).toBe('/invitation/accept?hash=x');
    clearSavedLocation();
    expect(savedLocation()).toBeNull();
  });
});
