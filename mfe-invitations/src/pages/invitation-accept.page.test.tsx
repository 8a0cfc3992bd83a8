// The acceptance flow of spec §4 and its dialogs of §8, with the HTTP calls mocked at fetch.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { page, useErrorDialogStore, useSessionStore } from 'shared-auth';
import { guest, invitation, wiki } from '../test-support/fixtures';
import { renderAt, setUp } from '../test-support/render';
import InvitationAcceptPage from './invitation-accept.page';

interface Sent {
  method: string;
  url: string;
  body: string;
}
let sent: Sent[];
let answers: Record<string, () => Response>;

function json(body: unknown, status = 200): () => Response {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'x-session-alive': 'true' },
    });
}

let assign: jest.SpyInstance;
beforeEach(() => {
  sent = [];
  answers = {};
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    sent.push({ method: request.method, url: request.url, body: await request.text() });
    const path = new URL(request.url).pathname.replace('/api/v1/', '');
    const answer = answers[`${request.method} ${path}`];
    return answer ? answer() : new Response('{}', { status: 200, headers: { 'x-session-alive': 'true' } });
  });
  assign = jest.spyOn(page, 'assign').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const OPEN = invitation(5, { roles: [{ id: 50, role: wiki }] });
const calls = (method: string, path: string) =>
  sent.filter((s) => s.method === method && s.url.includes(path));

describe('the invitation accept page', () => {
  it('shows the invitation: inviter, roles with applications, message and expiry', async () => {
    answers['GET invitations/public'] = json(OPEN);
    await setUp(null);
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    expect(
      await screen.findByText('Max Manager has invited you as guest for the following roles:'),
    ).toBeInTheDocument();
    expect(screen.getByText('Wiki Editors')).toBeInTheDocument();
    expect(screen.getByText('Wiki Editors app (Harderwijk)')).toBeInTheDocument();
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.getByText(/^This invitation is valid until \d\d\/\d\d\/\d{4}\.$/)).toBeInTheDocument();
    expect(calls('GET', 'invitations/public?hash=h1')).toHaveLength(1);
  });

  it('names the applications of an application manager invitation (issue 53)', async () => {
    answers['GET invitations/public'] = json(
      invitation(6, {
        intendedAuthority: 'APPLICATION_MANAGER',
        roles: [],
        manageIdentifiers: [
          { manageId: 'app-library', manageType: 'oidc10_rp', 'name:en': 'University Library' },
          { manageId: 'app-gone', manageType: 'saml20_sp' },
        ],
      }),
    );
    await setUp(null);
    renderAt('/invitation/accept?hash=h2', <InvitationAcceptPage />);
    expect(
      await screen.findByText('Max Manager has invited you as application manager.'),
    ).toBeInTheDocument();
    const applications = within(
      screen.getByRole('list', { name: 'You will manage the roles of these applications:' }),
    );
    expect(applications.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'University Library',
      'app-gone',
    ]);
  });

  it('Log in stores the location and the marker, and starts a fresh login that comes back here', async () => {
    answers['GET invitations/public'] = json(OPEN);
    await setUp(null);
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to accept' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(localStorage.getItem('location')).toBe('/invitation/accept?hash=h1');
    expect(localStorage.getItem('mayAccept')).toBe('true');
    expect(assign.mock.calls[0][0]).toBe('http://localhost/api/v1/users/login?force=true&hash=h1');
  });

  it('logs out a session first', async () => {
    answers['GET invitations/public'] = json(OPEN);
    await setUp(guest);
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to accept' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls('GET', 'users/logout')).toHaveLength(1);
  });

  it('back from login, the marker accepts once, reloads the user and goes home', async () => {
    answers['GET invitations/public'] = json(OPEN);
    answers['POST invitations/accept'] = json(OPEN, 201);
    answers['GET users/me'] = json({ ...guest, name: 'Reloaded' });
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    localStorage.setItem('location', '/invitation/accept?hash=h1');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(calls('POST', 'invitations/accept').map((c) => JSON.parse(c.body))).toEqual([
      { hash: 'h1', invitationId: 5 },
    ]);
    expect(localStorage.getItem('mayAccept')).toBeNull();
    expect(localStorage.getItem('location')).toBeNull();
    expect(useSessionStore.getState().user?.name).toBe('Reloaded');
    expect(useSessionStore.getState().reload).toBe(true);
  });

  it('a role at a Microsoft Graph provisioning: waits for the invitation there, then sends the guest to its redeem link (issue 54)', async () => {
    answers['GET invitations/public'] = json(OPEN);
    answers['POST invitations/accept'] = json(OPEN, 201);
    answers['GET users/me'] = json(guest);
    const link = { target: 'prov-graph', 'name:en': 'Graph', 'name:nl': 'Graph', redeemed: false };
    let asked = 0;
    answers['GET users/ms-redeem-links'] = () => {
      asked += 1;
      // First still being made (no link), then made.
      const redeemUrl = asked === 1 ? null : 'https://graph.example.org/redeem/1';
      return json([{ ...link, redeemUrl }])();
    };
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://graph.example.org/redeem/1'), {
      timeout: 3000,
    });
    expect(asked).toBe(2);
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
  });

  it('does not use the marker on a page reload', async () => {
    // jsdom has no navigation timing: give it the entry a browser has after a reload.
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (kind: string) => (kind === 'navigation' ? [{ type: 'reload' }] : []),
    });
    answers['GET invitations/public'] = json(OPEN);
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    expect(await screen.findByRole('button', { name: 'Log in to accept' })).toBeInTheDocument();
    expect(calls('POST', 'invitations/accept')).toHaveLength(0);
    Reflect.deleteProperty(performance, 'getEntriesByType');
  });

  it('412: explains the different login e-mail, keeps the marker, and Log in restarts login', async () => {
    answers['GET invitations/public'] = json(OPEN);
    answers['POST invitations/accept'] = json(
      { status: 412, error: 'Precondition Failed', message: 'e-mail', email: 'invited@example.com' },
      412,
    );
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'The inviter has indicated that you must accept this invitation with email address invited@example.com, but you have logged in with an account with a different email address. Please log in with a different account.',
    );
    expect(localStorage.getItem('mayAccept')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/api/v1/users/login?force=true&hash=h1'),
    );
    expect(calls('GET', 'users/logout')).toHaveLength(1);
  });

  it('412 for a missing assurance level: says which, grants nothing, keeps the marker, and offers a new login', async () => {
    const acr = 'https://eduid.nl/trust/validate-names';
    answers['GET invitations/public'] = json(OPEN);
    answers['GET manage/requested-authn-context-values'] = json({ EduIDValidatedName: acr });
    answers['POST invitations/accept'] = json(
      {
        status: 412,
        error: 'Precondition Failed',
        message: `The invitation must be accepted with a login that carries ${acr}`,
        email: 'guest@example.org',
        requestedAuthnContext: acr,
        acr: null,
      },
      412,
    );
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation asks for a stronger login');
    await waitFor(() => expect(alert).toHaveTextContent('assurance level “eduID with validated names”'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls('GET', 'users/me')).toHaveLength(0);
    expect(localStorage.getItem('mayAccept')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/api/v1/users/login?force=true&hash=h1'),
    );
  });

  it('other accept failures remove the marker and show the failure dialog with the reference', async () => {
    answers['GET invitations/public'] = json(OPEN);
    answers['POST invitations/accept'] = json(
      { status: 500, error: 'x', message: 'x', reference: 4711 },
      500,
    );
    await setUp(guest);
    localStorage.setItem('mayAccept', 'true');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    await waitFor(() =>
      expect(useErrorDialogStore.getState()).toMatchObject({ open: true, reference: 4711 }),
    );
    expect(localStorage.getItem('mayAccept')).toBeNull();
  });

  it('shows the expiry date of an expired invitation and no login', async () => {
    const expiryDate = Date.UTC(2024, 2, 15, 12) / 1000;
    answers['GET invitations/public'] = json({ ...OPEN, expiryDate, status: 'EXPIRED' });
    await setUp(null);
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    expect(await screen.findByText('This invitation has expired at 15/03/2024')).toBeInTheDocument();
    expect(screen.getByText(/contact the person who invited you \(Max Manager\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in to accept' })).not.toBeInTheDocument();
  });

  it('409 (accepted already): an anonymous visitor logs in, a logged-in user goes to /', async () => {
    answers['GET invitations/public'] = json({ status: 409, error: 'Conflict', message: 'accepted' }, 409);
    await setUp(null);
    localStorage.setItem('location', '/invitation/accept?hash=h1');
    renderAt('/invitation/accept?hash=h1', <InvitationAcceptPage />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/v1/users/login'));
    expect(localStorage.getItem('location')).toBeNull();
  });

  it('no hash at all goes to /404 without asking the server', async () => {
    await setUp(null);
    renderAt('/invitation/accept', <InvitationAcceptPage />);
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(calls('GET', 'invitations/public')).toHaveLength(0);
  });

  it('an unknown hash goes to /404', async () => {
    answers['GET invitations/public'] = json({ status: 404, error: 'Not Found', message: 'x' }, 404);
    await setUp(null);
    renderAt('/invitation/accept?hash=nope', <InvitationAcceptPage />);
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
  });
});
