import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared-auth';
import * as personas from 'test-support/personas';
import { renderAt, setUpRemote } from 'test-support/render';
import contributions from './contributions';
import { serveTokens } from './test-support/tokens.fixture';
import TokensPage from './tokens.page';

jest.mock('./tokens.resource', () => ({
  fetchTokens: jest.fn(),
  generateToken: jest.fn(),
  createToken: jest.fn(),
  deleteToken: jest.fn(),
  useTokens: jest.fn(),
}));

const ORG = personas.ORGANISATION_GUID;

let reload: jest.Mock;

function headers(): string[] {
  // The sorted column carries an arrow; only the label matters here.
  return screen
    .getAllByRole('columnheader')
    .map((header) => (header.textContent ?? '').replace(/[▲▼]/g, '').trim());
}

beforeEach(() => {
  reload = serveTokens();
});

describe('tokens page per persona', () => {
  it('shows owner and super-user-token columns to a super user, and never the secret', async () => {
    await setUpRemote('tokens', contributions.translations, personas.superUser);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual([
      'Description',
      'Token',
      'Owner',
      'Super user token',
      'Organisation GUID',
      'Created at',
      'Last used',
      'Actions',
    ]);
    const row = screen.getByRole('row', { name: /Nightly sync/ });
    expect(within(row).getByText('Mary Admin')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText(ORG)).toBeInTheDocument();
    expect(within(row).getByText('15/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('••••••••')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('shows an institution admin the organisation GUID but no owner columns', async () => {
    await setUpRemote('tokens', contributions.translations, personas.institutionAdmin);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual([
      'Description',
      'Token',
      'Organisation GUID',
      'Created at',
      'Last used',
      'Actions',
    ]);
    expect(screen.getByText(ORG)).toBeInTheDocument();
  });

  it('hides the organisation GUID from a manager', async () => {
    await setUpRemote('tokens', contributions.translations, personas.manager);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual(['Description', 'Token', 'Created at', 'Last used', 'Actions']);
    expect(screen.queryByText(ORG)).not.toBeInTheDocument();
  });

  it('sends a guest to /404', async () => {
    await setUpRemote('tokens', contributions.translations, personas.guest);
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sets the breadcrumb home > API tokens', async () => {
    await setUpRemote('tokens', contributions.translations, personas.inviter);
    renderAt('/tokens', <TokensPage />);
    await waitFor(() =>
      expect(useSessionStore.getState().breadcrumbPath).toEqual([
        { path: '/home', value: 'Home' },
        { value: 'API tokens' },
      ]),
    );
  });
});

describe('list states', () => {
  beforeEach(() => setUpRemote('tokens', contributions.translations, personas.superUser));

  it('shows a loader while loading', () => {
    reload = serveTokens({ loading: true });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no tokens, with the New button', () => {
    reload = serveTokens({ data: [] });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByText('No API tokens found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API token' })).toBeInTheDocument();
  });

  it('shows a translated error when the list cannot be loaded, and retries', async () => {
    reload = serveTokens({ error: new Error('500') });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('The API tokens could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalled();
  });
});
