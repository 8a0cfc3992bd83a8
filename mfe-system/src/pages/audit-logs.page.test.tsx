import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-auth';
import { fetchAuditLogs, type AuditRecord } from '../audit/audit-logs.resource';
import { manager, superUser } from 'test-support/personas';
import { renderRoutes, setUpSystem } from '../test-support/render';

jest.mock('../audit/audit-logs.resource', () => ({
  ...jest.requireActual('../audit/audit-logs.resource'),
  fetchAuditLogs: jest.fn(),
}));
jest.mock('../system/system.resource', () => ({}));

const fetchLogs = fetchAuditLogs as jest.Mock;
const lastQuery = () => fetchLogs.mock.calls[fetchLogs.mock.calls.length - 1][0];

function record(id: number, extra: Partial<AuditRecord>): AuditRecord {
  return {
    id,
    actorId: 1,
    actorName: 'Ada Admin',
    impersonatorId: null,
    entityType: 'role',
    entityId: 7,
    action: 'create',
    roleIds: [7],
    roleName: 'Wiki editors',
    userId: null,
    userName: null,
    before: null,
    after: { name: 'Wiki editors' },
    createdAt: 1_767_270_000,
    ...extra,
  };
}

const rows: AuditRecord[] = [
  record(3, {
    entityType: 'user_role',
    entityId: 40,
    action: 'delete',
    userId: 12,
    userName: 'Gina Guest',
    before: { userId: 12, roleId: 7, authority: 'GUEST', endDate: 1_798_761_600 },
    after: null,
  }),
  record(2, {
    entityType: 'invitation',
    entityId: 31,
    action: 'create',
    userName: 'hiker@example.org',
    after: { email: 'hiker@example.org', intendedAuthority: 'GUEST', roleIds: [7] },
  }),
  record(1, {}),
  record(0, {
    actorId: null,
    actorName: 'system',
    entityType: 'invitation',
    action: 'cleanup',
    entityId: 30,
  }),
];

beforeEach(() => {
  fetchLogs.mockReset();
  fetchLogs.mockResolvedValue({ content: rows, totalElements: 4 });
});

describe('the history of a role', () => {
  it("asks the server for the role's trail, newest first, and shows who did what to whom", async () => {
    await setUpSystem(manager);
    renderRoutes('/audit-logs/7?name=Wiki%20editors&back=%2Froles%2F7');
    expect(await screen.findByRole('heading', { name: 'History of Wiki editors' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ roleId: 7, pageNumber: 0, pageSize: 20 });
    const body = (await screen.findAllByRole('row')).slice(1);
    expect(body.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'User role removed',
      'Invitation sent',
      'Role created',
      'Expired invitation removed',
    ]);
    expect(body[3]).toHaveTextContent('System (scheduled job)');
    expect(within(body[0]).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(body[0]).getByRole('link', { name: 'Gina Guest' })).toHaveAttribute('href', '/profile/12');
    expect(within(body[0]).getByRole('link', { name: 'Wiki editors' })).toHaveAttribute('href', '/roles/7');
    expect(body[0]).toHaveTextContent('as guest');
    expect(within(body[1]).getByRole('link', { name: 'hiker@example.org' })).toHaveAttribute(
      'href',
      '/audit-logs/31?subject=invitation&name=hiker%40example.org',
    );
    expect(screen.getByText('4 changes')).toBeInTheDocument();
  });

  it('filters by actor, action and period through the URL, and starts again at the first page', async () => {
    await setUpSystem(superUser);
    renderRoutes('/audit-logs/7?page=2');
    await screen.findByRole('heading', { name: 'History of #7' });
    expect(lastQuery()).toEqual({ roleId: 7, pageNumber: 1, pageSize: 20 });
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Invitation resent');
    expect(lastQuery()).toEqual({ roleId: 7, action: 'invitation.resend', pageNumber: 0, pageSize: 20 });
    await userEvent.type(screen.getByLabelText('Actor'), 'ada');
    await waitFor(() =>
      expect(lastQuery()).toEqual(expect.objectContaining({ actor: 'ada', action: 'invitation.resend' })),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('action=invitation.resend');
  });

  it('refuses an end before the start with a message, without sending it', async () => {
    await setUpSystem(superUser);
    renderRoutes('/audit-logs?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('The end date lies before the start date.')).toBeInTheDocument();
    expect(lastQuery().to).toBeUndefined();
    expect(lastQuery().from).toBe(new Date(2026, 2, 10).getTime() / 1000);
  });

  it('opens the history of a person or an invitation with their own filter', async () => {
    await setUpSystem(superUser);
    const first = renderRoutes('/audit-logs/12?subject=user&name=Gina%20Guest');
    await screen.findByRole('heading', { name: 'History of Gina Guest' });
    expect(lastQuery()).toEqual({ userId: 12, pageNumber: 0, pageSize: 20 });
    first.unmount();
    renderRoutes('/audit-logs/31?subject=invitation');
    await screen.findByRole('heading', { name: 'History of #31' });
    expect(lastQuery()).toEqual({ entityType: 'invitation', entityId: 31, pageNumber: 0, pageSize: 20 });
  });

  it('sends to /404 whoever the server refuses, and non-super users asking for the whole trail', async () => {
    await setUpSystem(manager);
    fetchLogs.mockRejectedValue(
      new ApiError(403, { status: 403, error: 'Forbidden', message: 'missing roles' }),
    );
    const first = renderRoutes('/audit-logs/7');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    first.unmount();
    renderRoutes('/audit-logs');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
  });
});

describe('the whole audit trail', () => {
  it('filters by kind of subject and says when nothing matches', async () => {
    await setUpSystem(superUser);
    fetchLogs.mockResolvedValue({ content: [], totalElements: 0 });
    renderRoutes('/audit-logs');
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Subject'), 'API tokens');
    expect(lastQuery()).toEqual({ entityType: 'api_token', pageNumber: 0, pageSize: 20 });
    expect(await screen.findByText('Nothing in the audit trail matches these filters.')).toBeInTheDocument();
  });
});

describe('logins, logouts and refusals', () => {
  const sessionRows: AuditRecord[] = [
    record(12, {
      actorId: null,
      actorName: 'service account voot',
      entityType: 'user',
      entityId: null,
      action: 'denied',
      roleIds: [],
      roleName: null,
      after: {
        method: 'GET',
        route: '/api/external/v1/voot/:sub',
        status: 401,
        reason: 'HTTP Basic credentials of a service account with the scope voot are required',
        credential: 'basic',
        address: '198.51.100.1',
      },
    }),
    record(11, {
      actorId: 5,
      actorName: 'Gina Guest',
      entityType: 'user',
      entityId: 5,
      action: 'logout',
      roleIds: [],
      roleName: null,
      userId: 5,
      userName: 'Gina Guest',
      after: { name: 'Gina Guest', email: 'gina@example.org' },
    }),
    record(10, {
      actorId: 5,
      actorName: 'Gina Guest',
      entityType: 'user',
      entityId: 5,
      action: 'login',
      roleIds: [],
      roleName: null,
      userId: 5,
      userName: 'Gina Guest',
      after: { name: 'Gina Guest', email: 'gina@example.org' },
    }),
  ];

  it('offers them as actions to filter on and shows them with the route and reason of a refusal', async () => {
    await setUpSystem(superUser);
    fetchLogs.mockResolvedValue({ content: sessionRows, totalElements: 3 });
    renderRoutes('/audit-logs');
    await screen.findByRole('heading', { name: 'Audit trail' });
    const body = (await screen.findAllByRole('row')).slice(1);
    expect(body.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual([
      'Access refused',
      'Logged out',
      'Logged in',
    ]);
    expect(body[0]).toHaveTextContent(
      'GET /api/external/v1/voot/:sub refused (401): HTTP Basic credentials of a service account with the scope voot are required',
    );
    expect(body[0]).toHaveTextContent('service account voot');
    expect(within(body[2]).getByRole('link', { name: 'Gina Guest' })).toHaveAttribute('href', '/profile/5');
    for (const [label, action] of [
      ['Access refused', 'user.denied'],
      ['Logged in', 'user.login'],
      ['Logged out', 'user.logout'],
    ]) {
      await userEvent.selectOptions(screen.getByLabelText('Action'), label);
      expect(lastQuery()).toEqual({ action, pageNumber: 0, pageSize: 20 });
    }
  });
});
