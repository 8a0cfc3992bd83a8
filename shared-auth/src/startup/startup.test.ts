import { page } from '../http/page.js';
import type { Config } from '../rules/types.js';
import { initialSessionState, useSessionStore } from '../stores/session.store.js';
import { runStartup } from './startup.js';

const me = { id: 5, name: 'Mary', superUser: false, institutionAdmin: false, userRoles: [] };

/** A fake server: answers by path; `fail` lists paths that answer 500. */
function serve(config: Partial<Config>, fail: string[] = []) {
  const fetchMock = jest.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/v1/', '');
    if (fail.includes(path)) return new Response('{"status":500}', { status: 500 });
    const answers: Record<string, unknown> = {
      csrf: { token: 'tok' },
      'users/config': config,
      'users/me': me,
    };
    return new Response(JSON.stringify(answers[path] ?? {}), {
      status: path in answers ? 200 : 404,
      headers: {
        'content-type': 'application/json',
        'x-session-alive': 'true',
      },
    });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const paths = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([request]: [Request]) => new URL(request.url).pathname);

beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState(initialSessionState);
  jest.spyOn(page, 'reload').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('authenticated', () => {
  test('fetches csrf, config and the user in order and stores them; stays on the deep link', async () => {
    const fetchMock = serve({ authenticated: true });
    const outcome = await runStartup({ pathname: '/roles/3', search: '?x=1' });
    expect(outcome).toEqual({ kind: 'ready', authenticated: true, to: '/roles/3?x=1', user: me });
    expect(paths(fetchMock)).toEqual(['/api/v1/csrf', '/api/v1/users/config', '/api/v1/users/me']);
    expect(fetchMock.mock.calls[2][0].headers.get('X-CSRF-TOKEN')).toBe('tok');
    expect(useSessionStore.getState()).toMatchObject({ csrfToken: 'tok', authenticated: true, user: me });
    expect(page.reload).not.toHaveBeenCalled();
  });

  test.each([
    ['/roles/3/invitations?x=1', '/roles/3/invitations?x=1'],
    ['/invitation/accept?hash=abc', '/invitation/accept?hash=abc'],
    ['/login', '/home'],
    ['/login?force=true', '/home'],
  ])('saved location %p leads to %p and is forgotten', async (saved, to) => {
    serve({ authenticated: true });
    localStorage.setItem('location', saved);
    await expect(runStartup({ pathname: '/' })).resolves.toMatchObject({
      kind: 'ready',
      authenticated: true,
      to,
    });
    expect(localStorage.getItem('location')).toBeNull();
  });

  test('a deep link opened while a saved location lingers stays where it is, and leaves the location', async () => {
    serve({ authenticated: true });
    localStorage.setItem('location', '/home');
    await expect(runStartup({ pathname: '/system/cron', search: '' })).resolves.toMatchObject({
      to: '/system/cron',
    });
    expect(localStorage.getItem('location')).toBe('/home');
  });

  test.each([['/'], ['/login'], ['/login/callback']])(
    'with nothing saved, %p goes home',
    async (pathname) => {
      serve({ authenticated: true });
      await expect(runStartup({ pathname, search: '' })).resolves.toMatchObject({ to: '/home' });
    },
  );

  test('a failing user load leads to /deadend', async () => {
    serve({ authenticated: true }, ['users/me']);
    await expect(runStartup({ pathname: '/home' })).resolves.toEqual({
      kind: 'ready',
      authenticated: false,
      to: '/deadend',
    });
  });
});

describe('not authenticated', () => {
  const cases: Array<[string, Partial<Config>, string, string, object, string | null]> = [
    ['private page → login', {}, '/roles/3', '?tab=users', { kind: 'login' }, '/roles/3?tab=users'],
    ['/home → login', {}, '/home', '', { kind: 'login' }, '/home'],
    ['landing stays', {}, '/', '', { kind: 'ready', authenticated: false, to: '/' }, '/'],
    [
      'invitation accept stays',
      {},
      '/invitation/accept',
      '?hash=h',
      { kind: 'ready', authenticated: false, to: '/invitation/accept?hash=h' },
      '/invitation/accept?hash=h',
    ],
    ['login stays', {}, '/login', '', { kind: 'ready', authenticated: false, to: '/login' }, '/login'],
    [
      'deadend stays',
      {},
      '/deadend',
      '',
      { kind: 'ready', authenticated: false, to: '/deadend' },
      '/deadend',
    ],
    ['404 stays', {}, '/404', '', { kind: 'ready', authenticated: false, to: '/404' }, '/404'],
    [
      'missingAttributes stays',
      {},
      '/missingAttributes',
      '',
      { kind: 'ready', authenticated: false, to: '/missingAttributes' },
      '/missingAttributes',
    ],
    [
      'missing attributes win',
      { missingAttributes: ['email'] },
      '/roles/3',
      '',
      { kind: 'ready', authenticated: false, to: '/missingAttributes' },
      '/roles/3',
    ],
    [
      'missing attributes with a name: not remembered',
      { name: 'Mary', missingAttributes: ['email'] },
      '/home',
      '',
      { kind: 'ready', authenticated: false, to: '/missingAttributes' },
      null,
    ],
    [
      'known name → deadend',
      { name: 'Mary' },
      '/home',
      '',
      { kind: 'ready', authenticated: false, to: '/deadend' },
      null,
    ],
    [
      'known name on a public page → deadend',
      { name: 'Mary' },
      '/login',
      '',
      { kind: 'ready', authenticated: false, to: '/deadend' },
      null,
    ],
    [
      'known name on invitation accept stays',
      { name: 'Mary' },
      '/invitation/accept',
      '?hash=h',
      { kind: 'ready', authenticated: false, to: '/invitation/accept?hash=h' },
      null,
    ],
  ];
  test.each(cases)('%s', async (_name, config, pathname, search, outcome, remembered) => {
    const fetchMock = serve({ authenticated: false, ...config });
    await expect(runStartup({ pathname, search })).resolves.toEqual(outcome);
    expect(localStorage.getItem('location')).toBe(remembered);
    expect(paths(fetchMock)).toEqual(['/api/v1/csrf', '/api/v1/users/config']);
    expect(useSessionStore.getState()).toMatchObject({
      authenticated: false,
      user: null,
      missingAttributes: config.missingAttributes ?? [],
    });
  });
});

describe('failures', () => {
  test.each(['csrf', 'users/config'])('a failing %s leads to /deadend', async (path) => {
    serve({ authenticated: true }, [path]);
    await expect(runStartup({ pathname: '/home' })).resolves.toEqual({
      kind: 'ready',
      authenticated: false,
      to: '/deadend',
    });
    expect(useSessionStore.getState().user).toBeNull();
  });

  test('injected dependencies replace fetch and storage', async () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    const get = jest.fn(async (path: string) =>
      path === 'csrf' ? { token: 't' } : { authenticated: false },
    ) as never;
    await expect(runStartup({ pathname: '/tokens', search: '' }, { get, storage })).resolves.toEqual({
      kind: 'login',
    });
    expect(stored.get('location')).toBe('/tokens');
    expect(localStorage.getItem('location')).toBeNull();
  });
});
