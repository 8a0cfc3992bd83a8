import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import { formatDateTime, i18n } from 'shared-ui';
import { superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import { RegistryStatus } from './registry-status.component';
import { fetchRegistryState, refreshRegistry } from './registry.resource';

jest.mock('./registry.resource', () => ({ fetchRegistryState: jest.fn(), refreshRegistry: jest.fn() }));
const fetchState = fetchRegistryState as jest.Mock;
const refresh = refreshRegistry as jest.Mock;

const REFRESHED = 1_795_909_200;
const FAILED = 1_795_909_230;
const good = {
  source: 'manage',
  version: 12,
  versionInUse: 12,
  refreshedAt: REFRESHED,
  changedAt: 1_795_870_350,
  lastError: null,
  lastErrorAt: null,
};
const failed = { ...good, lastError: 'Registry search saml20_sp answered 500', lastErrorAt: FAILED };

beforeEach(async () => {
  fetchState.mockReset();
  refresh.mockReset();
  await setUpSystem(superUser);
});

describe('the registry status', () => {
  it('says when the registry was last refreshed and from where', async () => {
    fetchState.mockResolvedValue(good);
    renderAt('/system/cron', <RegistryStatus />);
    expect(
      await screen.findByText(`Last refreshed ${formatDateTime(REFRESHED)} (version 12).`),
    ).toBeInTheDocument();
    expect(screen.getByText(/refreshed from Manage every period/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a failed refresh and that the last good snapshot stays in use, in Dutch too', async () => {
    fetchState.mockResolvedValue(failed);
    renderAt('/system/cron', <RegistryStatus />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The last refresh failed at ${formatDateTime(FAILED)}: Registry search saml20_sp answered 500. The last good snapshot stays in use.`,
    );
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      `De laatste verversing mislukte op ${formatDateTime(FAILED)}: Registry search saml20_sp answered 500. De laatste goede momentopname blijft in gebruik.`,
    );
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });

  it('refreshes on request and shows the outcome: the error gone, or the failure', async () => {
    fetchState.mockResolvedValue(failed);
    refresh.mockResolvedValueOnce({ ...good, version: 13, versionInUse: 13, refreshedAt: FAILED + 60 });
    renderAt('/system/cron', <RegistryStatus />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh the registry now' }));
    expect(
      await screen.findByText(`Last refreshed ${formatDateTime(FAILED + 60)} (version 13).`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useFlashStore.getState().flash?.msg).toBe('The registry has been refreshed.');

    refresh.mockResolvedValueOnce(failed);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh the registry now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('answered 500');
    expect(useFlashStore.getState().flash).toEqual(
      expect.objectContaining({ msg: 'The registry could not be refreshed.', type: 'error' }),
    );
  });
});
