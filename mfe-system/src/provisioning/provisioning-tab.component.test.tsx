import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useFlashStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { superUser } from 'test-support/personas';
import { HARDERWIJK_TARGET } from 'test-support/provisioning';
import { renderAt, setUpSystem } from '../test-support/render';
import ProvisioningTab from './provisioning-tab.component';
import {
  fetchProvisioning,
  resyncTarget,
  retryDelivery,
  type Delivery,
  type ProvisioningOverview,
  type ProvisioningTarget,
} from './provisioning.resource';

jest.mock('./provisioning.resource', () => ({
  fetchProvisioning: jest.fn(),
  retryDelivery: jest.fn(),
  resyncTarget: jest.fn(),
}));

const overview = fetchProvisioning as jest.Mock;
const retry = retryDelivery as jest.Mock;
const resync = resyncTarget as jest.Mock;

const harderwijk: ProvisioningTarget = {
  ...HARDERWIJK_TARGET,
  applications: ['app-wiki'],
  waiting: 1,
  failed: 1,
  users: 4,
  groupsDelivered: 2,
};
const usersOnly: ProvisioningTarget = {
  ...harderwijk,
  id: 'prov-users',
  'name:en': 'Users only SCIM',
  'name:nl': undefined,
  url: 'https://users.example.org/scim',
  groups: false,
  waiting: 0,
  failed: 0,
  users: 7,
  groupsDelivered: 0,
};
const waiting: Delivery = {
  id: 11,
  target: 'prov-scim-harderwijk',
  kind: 'group',
  localId: 7,
  label: 'Wiki Editors',
  status: 'waiting',
  attempts: 2,
  nextAttemptAt: 1_767_261_600,
  lastStatus: 503,
  lastError: 'Service Unavailable',
  updatedAt: 1_767_261_000,
};
const failed: Delivery = {
  ...waiting,
  id: 12,
  kind: 'user',
  localId: 3,
  label: 'Gina Guest',
  status: 'failed',
  attempts: 1,
  lastStatus: 400,
  lastError: 'userName is required',
};
const answer = (more: Partial<ProvisioningOverview> = {}): ProvisioningOverview => ({
  targets: [harderwijk, usersOnly],
  unplanned: 0,
  content: [waiting, failed],
  totalElements: 2,
  ...more,
});

const TARGETS = 'The SCIM targets of the registry and how their deliveries stand';
const DELIVERIES = 'Deliveries waiting to be sent or given up';
/** The row of a table (named by its caption) that holds the text. */
const rowIn = (table: string, text: string) =>
  within(screen.getByRole('table', { name: table }))
    .getByText(text)
    .closest('tr') as HTMLElement;
const row = (text: string) => rowIn(DELIVERIES, text);
const targetRow = (name: string) => rowIn(TARGETS, name);

beforeEach(async () => {
  overview.mockReset().mockResolvedValue(answer());
  retry.mockReset().mockResolvedValue(undefined);
  resync.mockReset();
  await setUpSystem(superUser);
});

describe('the provisioning tab', () => {
  it('shows each target with what it takes, holds, waits for and failed, then the deliveries', async () => {
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByRole('table', { name: TARGETS });
    const target = targetRow('Harderwijk SCIM');
    expect(target).toHaveTextContent('https://scim.example.org/v2');
    expect(target).toHaveTextContent('Users and groups (PATCH)');
    expect(target).toHaveTextContent('4 users, 2 groups');
    expect(
      within(target)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Users and groups (PATCH)', '4 users, 2 groups', '1', '1', 'Send everything again']);
    expect(targetRow('Users only SCIM')).toHaveTextContent('Users only');
    expect(targetRow('Users only SCIM')).toHaveTextContent('7 users');

    expect(screen.getByRole('heading', { name: 'Waiting and failed deliveries (2)' })).toBeInTheDocument();
    const group = row('Wiki Editors');
    expect(within(group).getByRole('link', { name: 'Wiki Editors' })).toHaveAttribute('href', '/roles/7');
    expect(group).toHaveTextContent('Role group');
    expect(group).toHaveTextContent('Harderwijk SCIM');
    expect(group).toHaveTextContent('Waiting');
    expect(group).toHaveTextContent('503Service Unavailable');
    const person = row('Gina Guest');
    expect(person).toHaveTextContent('Person');
    expect(person).toHaveTextContent('Failed');
    expect(person).toHaveTextContent('Given up');
    expect(person).toHaveTextContent('400userName is required');
    expect(overview).toHaveBeenCalledWith({ pageNumber: 0, pageSize: 25 });
    expect(screen.getByRole('link', { name: 'Failures and resends' })).toHaveAttribute(
      'href',
      '/audit-logs?kind=provisioning',
    );
    expect(screen.queryByText(/being planned/)).not.toBeInTheDocument();
  });

  it('says what an eVA or a Microsoft Graph target takes, with its waiting and failed deliveries (issue 54)', async () => {
    const eva: ProvisioningTarget = {
      ...usersOnly,
      id: 'prov-eva',
      'name:en': 'Amstel guest accounts (EVA)',
      url: 'https://eva.example.org',
      protocol: 'eva',
      waiting: 2,
      failed: 1,
      users: 3,
    };
    const graph: ProvisioningTarget = {
      ...usersOnly,
      id: 'prov-graph',
      'name:en': 'Noorderlicht Microsoft Graph',
      url: 'https://graph.microsoft.com/v1.0',
      protocol: 'graph',
      users: 5,
    };
    overview.mockResolvedValue(
      answer({
        targets: [eva, graph],
        content: [{ ...waiting, target: 'prov-eva', kind: 'user', label: 'Eva Guest', lastStatus: 500 }],
        totalElements: 1,
      }),
    );
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByRole('table', { name: TARGETS });
    expect(
      within(targetRow('Amstel guest accounts (EVA)'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['eVA guest accounts', '3 users', '2', '1', 'Send everything again']);
    expect(targetRow('Noorderlicht Microsoft Graph')).toHaveTextContent('Microsoft Graph invitations');
    const person = row('Eva Guest');
    expect(person).toHaveTextContent('Amstel guest accounts (EVA)');
    expect(person).toHaveTextContent('Waiting');
    expect(person).toHaveTextContent('500');
  });

  it('names the targets in Dutch, falling back to the English name', async () => {
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByRole('table', {
      name: 'De SCIM-koppelingen uit het register en hoe hun leveringen ervoor staan',
    });
    expect(screen.getByRole('rowheader', { name: /^Harderwijk SCIM-koppeling/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /^Users only SCIM/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Harderwijk SCIM-koppeling' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wachtende en mislukte leveringen (2)' })).toBeInTheDocument();
  });

  it('filters by status and target and pages on the server', async () => {
    overview.mockResolvedValue(answer({ totalElements: 60 }));
    renderAt('/system/provisioning', <ProvisioningTab />);
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({ status: 'failed', pageNumber: 0, pageSize: 25 }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/system/provisioning?status=failed');
    await userEvent.selectOptions(screen.getByLabelText('Target'), 'prov-users');
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({
        status: 'failed',
        target: 'prov-users',
        pageNumber: 0,
        pageSize: 25,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /^3$|page 3/i }));
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({
        status: 'failed',
        target: 'prov-users',
        pageNumber: 2,
        pageSize: 25,
      }),
    );
  });

  it('says everything has been delivered when nothing waits, and what is still being planned', async () => {
    overview.mockResolvedValue(answer({ content: [], totalElements: 0 }));
    const first = renderAt('/system/provisioning', <ProvisioningTab />);
    expect(await screen.findByText('Nothing waiting: every change has been delivered.')).toBeInTheDocument();
    first.unmount();
    overview.mockResolvedValue(answer({ content: [], totalElements: 0, unplanned: 3 }));
    renderAt('/system/provisioning', <ProvisioningTab />);
    expect(await screen.findByText('3 changes being planned')).toBeInTheDocument();
    expect(screen.queryByText('Nothing waiting: every change has been delivered.')).not.toBeInTheDocument();
  });

  it('retries one delivery, flashes it and reads the list again', async () => {
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByText('Gina Guest');
    overview.mockResolvedValue(answer({ content: [waiting], totalElements: 1 }));
    await userEvent.click(within(row('Gina Guest')).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledWith(12);
    expect(
      await screen.findByRole('heading', { name: 'Waiting and failed deliveries (1)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gina Guest')).not.toBeInTheDocument();
    expect(useFlashStore.getState().flash?.msg).toBe('Gina Guest will be sent again now.');
  });

  it('says so when the delivery was gone before the retry', async () => {
    retry.mockRejectedValue(new ApiError(404, null));
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByRole('table', { name: DELIVERIES });
    await userEvent.click(within(row('Wiki Editors')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'This delivery was delivered or given up meanwhile; the list has been refreshed.',
        type: 'warning',
      }),
    );
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it('sends everything to one target again after a confirmation, and flashes how many were queued', async () => {
    resync.mockResolvedValue(42);
    renderAt('/system/provisioning', <ProvisioningTab />);
    await screen.findByRole('table', { name: TARGETS });
    await userEvent.click(
      within(targetRow('Harderwijk SCIM')).getByRole('button', { name: 'Send everything again' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Send everything again' });
    expect(dialog).toHaveTextContent(
      'Send every group and member this console provisions to Harderwijk SCIM again?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(resync).not.toHaveBeenCalled();
    await userEvent.click(
      within(targetRow('Harderwijk SCIM')).getByRole('button', { name: 'Send everything again' }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Send everything again' }),
    );
    expect(resync).toHaveBeenCalledWith('prov-scim-harderwijk');
    await waitFor(() =>
      expect(useFlashStore.getState().flash?.msg).toBe('42 deliveries were queued for Harderwijk SCIM.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it('offers a retry when the overview cannot be loaded', async () => {
    overview.mockRejectedValueOnce(new ApiError(500, null));
    renderAt('/system/provisioning', <ProvisioningTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: TARGETS })).toHaveTextContent('Harderwijk SCIM');
  });
});
