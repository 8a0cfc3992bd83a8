import { page } from '../http/page.js';
import { withCarriedLanguageCookie } from 'test-support/page-language';
import { initialSessionState, useSessionStore } from '../stores/session.store.js';
import {
  beginStartupCalls,
  carriedAnswers,
  STARTUP_ANSWERS_ID,
  type EarlyStartupCalls,
} from './early-calls.js';
import { runStartup } from './startup.js';

const me = { id: 5, name: 'Mary', superUser: false, institutionAdmin: false, userRoles: [] };

function answer(body: unknown, status = 200, alive = true): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(alive ? { 'x-session-alive': 'true' } : {}) },
  });
}

/** A fake server for the early calls: answers by path; `override` replaces an answer (or makes it fail). */
function earlyServer(
  authenticated: boolean,
  override: Record<string, () => Promise<Response>> = {},
  sessionHint = false,
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const path = url.replace('/api/v1/', '');
    if (override[path]) return override[path]();
    const answers: Record<string, unknown> = {
      csrf: { token: 'tok' },
      'users/config': { authenticated },
      'users/me': me,
    };
    return answer(answers[path], path in answers ? 200 : 404);
  });
  const begin = (): EarlyStartupCalls =>
    beginStartupCalls({
      fetch: fetchMock as unknown as typeof fetch,
      search: '?lang=nl',
      cookie: '',
      browserLanguage: 'en-GB',
      sessionHint,
    });
  return { begin, calls, paths: () => calls.map((c) => c.url) };
}

/** What runStartup fetches itself, beyond the early calls. */
let ownFetches: string[];
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState(initialSessionState);
  jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  ownFetches = [];
  global.fetch = jest.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    ownFetches.push(path);
    return answer(
      path.endsWith('/csrf') ? { token: 'own' } : path.endsWith('/me') ? me : { authenticated: true },
    );
  }) as unknown as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

describe('beginStartupCalls', () => {
  test('asks for the CSRF token and the config at once, then the user when authenticated', async () => {
    const server = earlyServer(true);
    const calls = server.begin();
    // Both leave before either has answered.
    expect(server.paths()).toEqual(['/api/v1/csrf', '/api/v1/users/config']);
    const user = await calls.me;
    expect(await user?.json()).toEqual(me);
    expect(server.paths()).toEqual(['/api/v1/csrf', '/api/v1/users/config', '/api/v1/users/me']);
    for (const { init } of server.calls) {
      // A GET with the same origin's cookies: fetch's defaults, not overridden.
      expect(init).toMatchObject({ redirect: 'manual' });
      expect(init?.method ?? 'GET').toBe('GET');
      expect(init?.credentials ?? 'same-origin').toBe('same-origin');
      // The page's language, as the client sends it before i18next runs.
      expect(init?.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'nl' });
    }
    // The config is still unread for whoever takes it.
    expect(await (await calls.config).json()).toEqual({ authenticated: true });
  });

  test('asks for the user at once when the page says the browser sent a session cookie', async () => {
    const server = earlyServer(true, {}, true);
    const calls = server.begin();
    expect(server.paths()).toEqual(['/api/v1/csrf', '/api/v1/users/config', '/api/v1/users/me']);
    expect(await (await calls.me)?.json()).toEqual(me);
  });

  test("sends the language of the lang cookie the server wrote into the page, without reading the page's cookies", async () => {
    const cookieRead = jest.spyOn(Document.prototype, 'cookie', 'get');
    await withCarriedLanguageCookie('nl', () => {
      const fetchMock = jest.fn(async () => answer({ authenticated: false }));
      beginStartupCalls({
        fetch: fetchMock as unknown as typeof fetch,
        search: '',
        browserLanguage: 'en-GB',
      });
      expect(fetchMock.mock.calls.map((call: unknown[]) => (call[1] as RequestInit).headers)).toEqual([
        { Accept: 'application/json', 'Accept-Language': 'nl' },
        { Accept: 'application/json', 'Accept-Language': 'nl' },
      ]);
      expect(cookieRead).not.toHaveBeenCalled();
    });
  });

  test("reads the page's session hint from its head", async () => {
    const hint = document.createElement('meta');
    hint.name = 'portal-session';
    document.head.append(hint);
    try {
      const fetchMock = jest.fn(async () => answer({ authenticated: false }));
      beginStartupCalls({ fetch: fetchMock as unknown as typeof fetch });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      hint.remove();
    }
  });

  test('a stale session cookie: the user answered 401 is never read, the config decides', async () => {
    const server = earlyServer(false, { 'users/me': async () => answer({ status: 401 }, 401, false) }, true);
    const outcome = await runStartup({ pathname: '/home' }, { early: server.begin() });
    expect(outcome).toEqual({ kind: 'login' });
    expect(useSessionStore.getState().user).toBeFalsy();
    expect(ownFetches).toEqual([]);
  });

  test('does not ask for the user when the config says not authenticated', async () => {
    const server = earlyServer(false);
    await expect(server.begin().me).resolves.toBeNull();
    expect(server.paths()).toEqual(['/api/v1/csrf', '/api/v1/users/config']);
  });

  test.each([
    ['answers 500', () => Promise.resolve(answer({ status: 500 }, 500))],
    ['cannot be fetched', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['is not JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('no user call when the config %s', async (_name, failing) => {
    const server = earlyServer(true, { 'users/config': failing });
    await expect(server.begin().me).resolves.toBeNull();
    expect(server.paths()).not.toContain('/api/v1/users/me');
  });
});

describe('runStartup with the early calls', () => {
  test('reads their answers and fetches nothing itself', async () => {
    const server = earlyServer(true);
    const outcome = await runStartup({ pathname: '/roles/3' }, { early: server.begin() });
    expect(outcome).toEqual({ kind: 'ready', authenticated: true, to: '/roles/3', user: me });
    expect(ownFetches).toEqual([]);
    expect(useSessionStore.getState()).toMatchObject({ csrfToken: 'tok', authenticated: true, user: me });
  });

  test('not authenticated: the login flow, no user call', async () => {
    const server = earlyServer(false);
    await expect(runStartup({ pathname: '/roles/3' }, { early: server.begin() })).resolves.toEqual({
      kind: 'login',
    });
    expect(server.paths()).not.toContain('/api/v1/users/me');
    expect(ownFetches).toEqual([]);
  });

  test('an early call that could not be fetched is fetched again through the client', async () => {
    const server = earlyServer(true, { csrf: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(runStartup({ pathname: '/home' }, { early: server.begin() })).resolves.toMatchObject({
      kind: 'ready',
      authenticated: true,
    });
    expect(ownFetches).toEqual(['/api/v1/csrf']);
    expect(useSessionStore.getState().csrfToken).toBe('own');
  });

  test('an early answer goes through the client: a failing config leads to /deadend', async () => {
    const server = earlyServer(true, { 'users/config': () => Promise.resolve(answer({ status: 500 }, 500)) });
    await expect(runStartup({ pathname: '/home' }, { early: server.begin() })).resolves.toEqual({
      kind: 'ready',
      authenticated: false,
      to: '/deadend',
    });
    expect(ownFetches).toEqual([]);
  });

  test('an early answer goes through the client: an OK answer without x-session-alive reloads', async () => {
    const server = earlyServer(true, { csrf: () => Promise.resolve(answer({ token: 'x' }, 200, false)) });
    await runStartup({ pathname: '/home' }, { early: server.begin() });
    expect(page.reload).toHaveBeenCalled();
  });
});

describe('answers the page carries (the server put them into index.html)', () => {
  const carriedAnswer = (body: unknown, status = 200) => ({
    status,
    alive: true,
    body: JSON.stringify(body),
  });

  test('are read instead of asked for: a logged-in page asks for nothing, and runStartup neither', async () => {
    const server = earlyServer(true);
    const calls = beginStartupCalls({
      fetch: jest.fn() as unknown as typeof fetch,
      search: '',
      cookie: '',
      browserLanguage: 'en',
      sessionHint: true,
      carried: {
        csrf: carriedAnswer({ token: 'carried' }),
        config: carriedAnswer({ authenticated: true }),
        me: carriedAnswer(me),
      },
    });
    const outcome = await runStartup({ pathname: '/roles/3' }, { early: calls });
    expect(outcome).toEqual({ kind: 'ready', authenticated: true, to: '/roles/3', user: me });
    expect(server.paths()).toEqual([]);
    expect(ownFetches).toEqual([]);
    // Read through the one client: its session mark checked, the token kept.
    expect(page.reload).not.toHaveBeenCalled();
    expect(useSessionStore.getState()).toMatchObject({ csrfToken: 'carried', user: me });
  });

  test('an anonymous page: no user call, despite a session hint', async () => {
    const fetchMock = jest.fn();
    const calls = beginStartupCalls({
      fetch: fetchMock as unknown as typeof fetch,
      sessionHint: true,
      carried: { csrf: carriedAnswer({ token: 'carried' }), config: carriedAnswer({ authenticated: false }) },
    });
    await expect(calls.me).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test("a user's answer it does not carry (authenticated config) is asked for", async () => {
    const fetchMock = jest.fn(async (_url: string) => answer(me));
    const calls = beginStartupCalls({
      fetch: fetchMock as unknown as typeof fetch,
      search: '',
      cookie: '',
      browserLanguage: 'en',
      carried: { csrf: carriedAnswer({ token: 'carried' }), config: carriedAnswer({ authenticated: true }) },
    });
    expect(await (await calls.me)?.json()).toEqual(me);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v1/users/me']);
  });

  test('from the data block in the page; none without one, or with one that is not JSON', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = STARTUP_ANSWERS_ID;
    block.textContent = JSON.stringify({ csrf: carriedAnswer({ token: 't' }) });
    document.head.append(block);
    try {
      expect(carriedAnswers()?.csrf).toEqual(carriedAnswer({ token: 't' }));
      block.textContent = '{not json';
      expect(carriedAnswers()).toBeNull();
    } finally {
      block.remove();
    }
    expect(carriedAnswers()).toBeNull();
  });
});
