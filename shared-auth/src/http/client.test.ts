import i18next from 'i18next';
import { initialSessionState, useSessionStore } from '../stores/session.store.js';
import { useErrorDialogStore } from '../stores/error-dialog.store.js';
import { ApiError, isApiError } from './api-error.js';
import { apiDelete, apiGet, apiPost, apiPut, reportError } from './client.js';
import { page } from './page.js';

const fetchMock = jest.fn<Promise<Response>, [Request, RequestInit?]>();
let reload: jest.SpyInstance;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** What a browser hands back for a redirect when `redirect: 'manual'` is set. */
class OpaqueRedirect extends Response {
  get type(): ResponseType {
    return 'opaqueredirect';
  }
  get status(): number {
    return 0;
  }
  get ok(): boolean {
    return false;
  }
  clone(): Response {
    return new OpaqueRedirect(null);
  }
}

const sent = (index = 0): Request => fetchMock.mock.calls[index][0];
// ky hands fetch a Request whose body is already claimed: keep a copy of each body as text.
let bodies: string[] = [];
const sentJson = (index = 0): unknown => JSON.parse(bodies[index]);

beforeEach(() => {
  fetchMock.mockReset();
  bodies = [];
  global.fetch = (async (request: Request, init?: RequestInit) => {
    bodies.push(await request.clone().text());
    return fetchMock(request, init);
  }) as typeof fetch;
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  useSessionStore.setState(initialSessionState);
  useErrorDialogStore.setState({ open: false, reference: null });
  document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});
afterEach(() => {
  reload.mockRestore();
  jest.useRealTimers();
});

describe('requests', () => {
  test('GET goes to /api/v1/<path> with JSON, language and csrf headers, no impersonation', async () => {
    useSessionStore.setState({ csrfToken: 'csrf-1' });
    fetchMock.mockResolvedValue(json({ id: 7 }));
    await expect(apiGet<{ id: number }>('users/me')).resolves.toEqual({ id: 7 });
    const request = sent();
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://localhost/api/v1/users/me');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Accept-Language')).toBe('en');
    expect(request.headers.get('X-CSRF-TOKEN')).toBe('csrf-1');
    expect(request.headers.has('X-IMPERSONATE-ID')).toBe(false);
    expect(request.credentials).toBe('same-origin');
    expect(request.redirect).toBe('manual');
  });

  test('search parameters skip undefined and null values', async () => {
    fetchMock.mockResolvedValue(json({ content: [], totalElements: 0 }));
    await apiGet('users/search', {
      searchParams: { query: 'jo hn', pageNumber: 0, sort: undefined, roleId: null, force: true },
    });
    expect(sent().url).toBe('http://localhost/api/v1/users/search?query=jo+hn&pageNumber=0&force=true');
  });

  test("a call's own headers go along; the client's csrf header still wins", async () => {
    useSessionStore.setState({ csrfToken: 'csrf-1' });
    fetchMock.mockImplementation(async () => json({ created: 1 }, 201));
    await apiPost(
      'invitations',
      { invites: [] },
      { headers: { 'X-Progress-Id': 'k-1', 'X-CSRF-TOKEN': 'x' } },
    );
    expect(sent().headers.get('X-Progress-Id')).toBe('k-1');
    expect(sent().headers.get('X-CSRF-TOKEN')).toBe('csrf-1');
    await apiGet('users/me');
    expect(sent(1).headers.has('X-Progress-Id')).toBe(false);
  });

  test('POST, PUT and DELETE send their method and JSON body', async () => {
    fetchMock.mockImplementation(async () => json({ ok: 1 }));
    await apiPost('tokens', { description: 'ci' });
    await apiPut('user_roles', { userRoleId: 3, endDate: null });
    await apiDelete('tokens/4');
    expect(sent(0).method).toBe('POST');
    expect(sent(0).headers.get('content-type')).toContain('application/json');
    expect(sentJson(0)).toEqual({ description: 'ci' });
    expect(sent(1).method).toBe('PUT');
    expect(sentJson(1)).toEqual({ userRoleId: 3, endDate: null });
    expect(sent(2).method).toBe('DELETE');
    expect(sent(2).url).toBe('http://localhost/api/v1/tokens/4');
  });

  test('an empty answer resolves to null, a leading slash is tolerated', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiDelete('/tokens/4')).resolves.toBeNull();
    expect(sent().url).toBe('http://localhost/api/v1/tokens/4');
  });

  test('while impersonating, X-IMPERSONATE-ID carries the impersonated user id', async () => {
    const admin = { id: 1, superUser: true, institutionAdmin: false, userRoles: [] };
    const guest = { id: 42, superUser: false, institutionAdmin: false, userRoles: [] };
    useSessionStore.setState({ user: admin });
    useSessionStore.getState().startImpersonation(guest);
    fetchMock.mockImplementation(async () => json({}));
    await apiGet('roles');
    expect(sent(0).headers.get('X-IMPERSONATE-ID')).toBe('42');
    useSessionStore.getState().stopImpersonation();
    await apiGet('roles');
    expect(sent(1).headers.has('X-IMPERSONATE-ID')).toBe(false);
  });

  test('Accept-Language follows the lang cookie, then i18next once initialised', async () => {
    fetchMock.mockImplementation(async () => json({}));
    document.cookie = 'lang=nl';
    await apiGet('users/config');
    expect(sent(0).headers.get('Accept-Language')).toBe('nl');
    await i18next.init({ lng: 'en', resources: {}, initAsync: false });
    await apiGet('users/config');
    expect(sent(1).headers.get('Accept-Language')).toBe('en');
    await i18next.changeLanguage('nl');
    await apiGet('users/config');
    expect(sent(2).headers.get('Accept-Language')).toBe('nl');
  });
});

describe('failures', () => {
  test('a non-OK answer raises ApiError with status and parsed body', async () => {
    fetchMock.mockResolvedValue(json({ status: 409, error: 'Conflict', message: 'Already accepted' }, 409));
    const error = await apiGet('invitations/public').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 409, body: { message: 'Already accepted' } });
    expect(reload).not.toHaveBeenCalled();
  });

  test('a body that is not JSON gives a null body', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiGet('roles')).rejects.toMatchObject({ status: 502, body: null });
  });

  test('no answer at all raises ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiGet('roles')).rejects.toMatchObject({ name: 'ApiError', status: 0, body: null });
  });

  test('401 reloads the page', async () => {
    fetchMock.mockResolvedValue(json({ status: 401, error: 'Unauthorized', message: '' }, 401));
    await expect(apiGet('users/me')).rejects.toMatchObject({ status: 401 });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('an opaque redirect reloads after 100 ms', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(new OpaqueRedirect(null));
    await expect(apiGet('roles')).rejects.toMatchObject({ status: 0 });
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(99);
    expect(reload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('showErrorDialog opens the dialog with the reference and rethrows after 250 ms', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(json({ status: 500, error: 'Server', message: 'x', reference: 1234 }, 500));
    let settled: unknown = 'pending';
    const result = apiPost('roles', { name: 'r' }, { showErrorDialog: true }).catch((e: unknown) => {
      settled = e;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(useErrorDialogStore.getState()).toMatchObject({ open: true, reference: 1234 });
    await jest.advanceTimersByTimeAsync(249);
    expect(settled).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    await result;
    expect(settled).toMatchObject({ status: 500, body: { reference: 1234 } });
  });

  test('showErrorDialog uses 999 when the body has no reference', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const result = apiDelete('roles/1', { showErrorDialog: true }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toMatchObject({ status: 500 });
    expect(useErrorDialogStore.getState()).toMatchObject({ open: true, reference: 999 });
  });

  test('a status the caller handles itself opens no dialog and rethrows at once', async () => {
    fetchMock.mockResolvedValue(
      json({ status: 409, error: 'Conflict', message: 'taken', reference: 7 }, 409),
    );
    await expect(
      apiPost('roles', { name: 'r' }, { showErrorDialog: true, handledStatuses: [409] }),
    ).rejects.toMatchObject({ status: 409 });
    expect(useErrorDialogStore.getState().open).toBe(false);
  });

  test('without showErrorDialog no dialog opens', async () => {
    fetchMock.mockResolvedValue(json({ status: 500, error: 'e', message: 'm', reference: 5 }, 500));
    await expect(apiGet('roles')).rejects.toMatchObject({ status: 500 });
    expect(useErrorDialogStore.getState().open).toBe(false);
  });
});

describe('lost session', () => {
  test.each([
    ['authenticated, header missing: reload', true, {}, true],
    ['authenticated, header present: no reload', true, { 'x-session-alive': 'true' }, false],
    ['not authenticated, header missing (a gateway answered): reload', false, {}, true],
    ['not authenticated, header present: no reload', false, { 'x-session-alive': 'true' }, false],
  ])('%s', async (_name, authenticated, headers, reloads) => {
    useSessionStore.setState({ authenticated });
    fetchMock.mockResolvedValue(json({}, 200, headers));
    await apiGet('roles');
    expect(reload).toHaveBeenCalledTimes(reloads ? 1 : 0);
  });

  test('a failed answer without the header does not count as a lost session', async () => {
    useSessionStore.setState({ authenticated: true });
    fetchMock.mockResolvedValue(json({ status: 404, error: 'x', message: 'y' }, 404));
    await expect(apiGet('roles/9')).rejects.toMatchObject({ status: 404 });
    expect(reload).not.toHaveBeenCalled();
  });

  test('checkSession: false skips the check (the logout call)', async () => {
    useSessionStore.setState({ authenticated: true });
    fetchMock.mockResolvedValue(json({}));
    await apiGet('users/logout', { checkSession: false });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('reportError', () => {
  test('posts to users/error and never fails', async () => {
    fetchMock.mockResolvedValueOnce(json({}));
    await reportError({ 'Missing translation': 'roles.title' });
    expect(sent(0).url).toBe('http://localhost/api/v1/users/error');
    expect(sentJson(0)).toEqual({ 'Missing translation': 'roles.title' });
    fetchMock.mockResolvedValueOnce(json({}, 500));
    await expect(reportError({ 'Missing translation': 'x' })).resolves.toBeUndefined();
  });
});
