import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  fetchInvitationProgress,
  fetchPublicInvitation,
  fetchRoles,
  resendInvitation,
  searchInvitations,
  validateOrganizationGUID,
} from './invitations.resource';
import { manager } from './test-support/fixtures';

interface Sent {
  method: string;
  url: string;
  body: string;
  progressKey: string | null;
}
let sent: Sent[];
let answers: Array<() => Response>;

function json(body: unknown, status = 200): () => Response {
  return () =>
    // Marked as the server marks its answers: an unmarked one would make the client reload the page.
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'x-session-alive': 'true' },
    });
}

beforeEach(() => {
  sent = [];
  answers = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    sent.push({
      method: request.method,
      url: request.url,
      body: await request.text(),
      progressKey: request.headers.get('X-Progress-Id'),
    });
    const next = answers.shift();
    return next ? next() : new Response(null, { status: 204, headers: { 'x-session-alive': 'true' } });
  });
});
afterEach(() => jest.restoreAllMocks());

const API = 'http://localhost/api/v1/';

describe('invitations resource', () => {
  it('reads an invitation by hash, and accepts with hash and id', async () => {
    answers.push(json({ id: 3 }));
    await fetchPublicInvitation('a b');
    await acceptInvitation('a b', 3);
    expect(sent[0]).toMatchObject({ method: 'GET', url: `${API}invitations/public?hash=a+b` });
    expect(sent[1]).toMatchObject({ method: 'POST', url: `${API}invitations/accept` });
    expect(JSON.parse(sent[1].body)).toEqual({ hash: 'a b', invitationId: 3 });
  });

  it('creates, resends and revokes', async () => {
    answers.push(json({ created: 2, ids: [1, 2] }, 201));
    await expect(
      createInvitation({ intendedAuthority: 'GUEST', invites: ['a@x.org'], roleIdentifiers: [1] }),
    ).resolves.toEqual({
      created: 2,
      ids: [1, 2],
    });
    await resendInvitation(4);
    await deleteInvitation(4);
    expect(sent.map((s) => `${s.method} ${s.url.replace(API, '')}`)).toEqual([
      'POST invitations',
      'PUT invitations/4',
      'DELETE invitations/4',
    ]);
  });

  it('sends a progress key with a bulk create only when given one, and reads the progress under it', async () => {
    const key = '0b7d4a52-6c1e-4f3a-9a57-3f1f5c2b9e10';
    const progress = { phase: 'writing', total: 60, written: 25, mailed: 0, done: false };
    answers.push(json({ created: 1, ids: [1] }, 201), json({ created: 1, ids: [2] }, 201), json(progress));
    const request = { intendedAuthority: 'GUEST' as const, invites: ['a@x.org'], roleIdentifiers: [1] };
    await createInvitation(request, key);
    await createInvitation(request);
    await expect(fetchInvitationProgress(key)).resolves.toEqual(progress);
    expect(sent.map((s) => s.progressKey)).toEqual([key, null, null]);
    expect(sent[2]).toMatchObject({ method: 'GET', url: `${API}invitations/progress/${key}` });
  });

  it('searches with paging, status, role and mine', async () => {
    answers.push(json({ content: [], totalElements: 0 }));
    await searchInvitations({
      query: 'ann',
      pageNumber: 1,
      pageSize: 10,
      sort: 'createdAt',
      sortDirection: 'DESC',
      roleId: 5,
      status: 'open',
      mine: true,
    });
    const url = new URL(sent[0].url);
    expect(url.pathname).toBe('/api/v1/invitations/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'ann',
      pageNumber: '1',
      pageSize: '10',
      sort: 'createdAt',
      sortDirection: 'DESC',
      roleId: '5',
      status: 'open',
      mine: 'true',
    });
  });

  it('loads the roles in one page and reads an organisation GUID check', async () => {
    answers.push(json({ content: [{ id: 1 }], totalElements: 1 }));
    answers.push(json({ 'name:en': 'Universiteit Harderwijk' }));
    answers.push(json({ status: 404, error: 'Not Found', message: 'x' }, 404));
    await expect(fetchRoles(manager)).resolves.toEqual([{ id: 1 }]);
    expect(new URL(sent[0].url).searchParams.get('pageSize')).toBe('1000');
    await expect(validateOrganizationGUID('g-1')).resolves.toEqual({ name: 'Universiteit Harderwijk' });
    await expect(validateOrganizationGUID('nope')).resolves.toBeNull();
    expect(sent[1].url).toBe(`${API}manage/organization-guid-validation/g-1`);
  });
});
