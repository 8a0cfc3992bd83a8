import { act, renderHook, waitFor } from '@testing-library/react';
import { createToken, deleteToken, fetchTokens, generateToken, useTokens } from './tokens.resource';

interface Sent {
  method: string;
  url: string;
  body: string;
}

let sent: Sent[];
let answers: Array<() => Response>;

function json(body: unknown, status = 200): () => Response {
  return () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  sent = [];
  answers = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    sent.push({ method: request.method, url: request.url, body: await request.text() });
    const next = answers.shift();
    return next ? next() : new Response(null, { status: 204 });
  });
});

afterEach(() => jest.restoreAllMocks());

const TOKEN = { id: 4, description: 'CI', superUserToken: false, createdAt: 1_700_000_000 };

describe('tokens resource', () => {
  it('lists tokens with GET /api/v1/tokens', async () => {
    answers.push(json([TOKEN]));
    await expect(fetchTokens()).resolves.toEqual([TOKEN]);
    expect(sent).toEqual([{ method: 'GET', url: 'http://localhost/api/v1/tokens', body: '' }]);
  });

  it('asks GET /api/v1/tokens/generate-token for a secret', async () => {
    answers.push(json({ token: 's3cret' }));
    await expect(generateToken()).resolves.toEqual({ token: 's3cret' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'http://localhost/api/v1/tokens/generate-token' });
  });

  it('creates with POST /api/v1/tokens carrying only the description', async () => {
    answers.push(json(TOKEN, 201));
    await createToken('CI');
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://localhost/api/v1/tokens' });
    expect(JSON.parse(sent[0].body)).toEqual({ description: 'CI' });
  });

  it('deletes with DELETE /api/v1/tokens/{id}', async () => {
    await deleteToken(4);
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: 'http://localhost/api/v1/tokens/4' });
  });

  it('rejects with the status of a failed call', async () => {
    answers.push(json({ status: 403, error: 'Forbidden', message: 'No' }, 403));
    await expect(deleteToken(4)).rejects.toMatchObject({ status: 403 });
  });
});

describe('useTokens', () => {
  it('loads, then reloads on demand', async () => {
    answers.push(json([TOKEN]));
    const { result } = renderHook(() => useTokens());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual([TOKEN]);
    expect(result.current.error).toBeNull();

    answers.push(json([]));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(sent.filter((s) => s.url.endsWith('/tokens'))).toHaveLength(2);
  });

  it('reports a failed load as error without data', async () => {
    answers.push(json({ status: 500, error: 'Internal', message: 'boom', reference: 12 }, 500));
    const { result } = renderHook(() => useTokens());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBeNull();
    expect(result.current.error).toMatchObject({ status: 500 });
  });
});
