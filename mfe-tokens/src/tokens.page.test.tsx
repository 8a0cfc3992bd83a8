import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore, useSessionStore, type ApiToken } from 'shared-auth';
import * as personas from './test-support/personas';
import { renderAt, setUpTokens } from './test-support/render';
import TokensPage from './tokens.page';
import { createToken, deleteToken, generateToken, useTokens, type TokensState } from './tokens.resource';

jest.mock('./tokens.resource', () => ({
  fetchTokens: jest.fn(),
  generateToken: jest.fn(),
  createToken: jest.fn(),
  deleteToken: jest.fn(),
  useTokens: jest.fn(),
}));

const mockedUseTokens = jest.mocked(useTokens);
const mockedGenerate = jest.mocked(generateToken);
const mockedCreate = jest.mocked(createToken);
const mockedDelete = jest.mocked(deleteToken);

const ORG = 'ad93daef-0911-e511-80d0-005056956c1a';
// 15 March 2024, noon UTC: the same calendar day in every test time zone this runs in.
const CREATED = Date.UTC(2024, 2, 15, 12) / 1000;
const TOKENS: ApiToken[] = [
  {
    id: 11,
    description: 'Nightly sync',
    owner: { id: 2, name: 'Mary Admin' },
    organizationGUID: ORG,
    superUserToken: true,
    createdAt: CREATED,
  },
];

let reload: jest.Mock;

function listState(state: Partial<TokensState>): void {
  mockedUseTokens.mockReturnValue({ data: null, error: null, loading: false, reload, ...state });
}

function headers(): string[] {
  // The sorted column carries an arrow; only the label matters here.
  return screen
    .getAllByRole('columnheader')
    .map((header) => (header.textContent ?? '').replace(/[▲▼]/g, '').trim());
}

beforeEach(() => {
  reload = jest.fn();
  listState({ data: TOKENS });
  mockedGenerate.mockReset();
  mockedCreate.mockReset();
  mockedDelete.mockReset();
  useFlashStore.setState({ flash: null });
});

describe('tokens page per persona', () => {
  it('shows owner and super-user-token columns to a super user, and never the secret', async () => {
    await setUpTokens(personas.superUser);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual([
      'Description',
      'Token',
      'Owner',
      'Super user token',
      'Organisation GUID',
      'Created at',
      'Actions',
    ]);
    const row = screen.getByRole('row', { name: /Nightly sync/ });
    expect(within(row).getByText('Mary Admin')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText(ORG)).toBeInTheDocument();
    expect(within(row).getByText('15/03/2024')).toBeInTheDocument();
    expect(within(row).getByText('••••••••')).toBeInTheDocument();
  });

  it('shows an institution admin the organisation GUID but no owner columns', async () => {
    await setUpTokens(personas.institutionAdmin);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual(['Description', 'Token', 'Organisation GUID', 'Created at', 'Actions']);
    expect(screen.getByText(ORG)).toBeInTheDocument();
  });

  it('hides the organisation GUID from a manager', async () => {
    await setUpTokens(personas.manager);
    renderAt('/tokens', <TokensPage />);
    expect(headers()).toEqual(['Description', 'Token', 'Created at', 'Actions']);
    expect(screen.queryByText(ORG)).not.toBeInTheDocument();
  });

  it('sends a guest to /404', async () => {
    await setUpTokens(personas.guest);
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('sets the breadcrumb home > API tokens', async () => {
    await setUpTokens(personas.inviter);
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
  beforeEach(() => setUpTokens(personas.superUser));

  it('shows a loader while loading', () => {
    listState({ loading: true });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no tokens, with the New button', () => {
    listState({ data: [] });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByText('No API tokens found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API token' })).toBeInTheDocument();
  });

  it('shows a translated error when the list cannot be loaded, and retries', async () => {
    listState({ error: new Error('500') });
    renderAt('/tokens', <TokensPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('The API tokens could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalled();
  });
});

describe('creating a token', () => {
  beforeEach(async () => {
    await setUpTokens(personas.institutionAdmin);
    mockedGenerate.mockResolvedValue({ token: 'secret-123' });
  });

  async function openForm() {
    renderAt('/tokens', <TokensPage />);
    await userEvent.click(screen.getByRole('button', { name: 'New API token' }));
    return screen.findByDisplayValue('secret-123');
  }

  it('shows the generated secret once, read-only, with a copy control', async () => {
    const secretField = await openForm();
    expect(secretField).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(mockedGenerate).toHaveBeenCalledTimes(1);
  });

  it('requires a description: Save disabled and the rule shown while it is empty', async () => {
    await openForm();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('The description is required for an API token')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Description/), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Description/), 'CI');
    expect(save).toBeEnabled();
    expect(screen.queryByText('The description is required for an API token')).not.toBeInTheDocument();
  });

  it('saves: posts the description, flashes success and reloads the list', async () => {
    mockedCreate.mockResolvedValue(undefined);
    await openForm();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Deploy script');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(mockedCreate).toHaveBeenCalledWith('Deploy script');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(useFlashStore.getState().flash).toMatchObject({
      msg: "API token 'Deploy script' has been created",
      type: 'success',
    });
    expect(screen.queryByDisplayValue('secret-123')).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('keeps the form and flashes an error when saving fails', async () => {
    mockedCreate.mockRejectedValue(new Error('500'));
    await openForm();
    await userEvent.type(screen.getByLabelText(/^Description/), 'Deploy script');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useFlashStore.getState().flash?.type).toBe('error'));
    expect(screen.getByDisplayValue('secret-123')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('cancel returns to the list without saving', async () => {
    await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('secret-123')).not.toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('flashes an error when no secret can be generated', async () => {
    mockedGenerate.mockRejectedValue(new Error('500'));
    renderAt('/tokens', <TokensPage />);
    await userEvent.click(screen.getByRole('button', { name: 'New API token' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'A new API token could not be generated. Please try again.',
        type: 'error',
      }),
    );
  });
});

describe('deleting a token', () => {
  beforeEach(() => setUpTokens(personas.superUser));

  it('asks for confirmation, then deletes, flashes and reloads', async () => {
    mockedDelete.mockResolvedValue(undefined);
    renderAt('/tokens', <TokensPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete API token Nightly sync' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Are you sure you want to delete the API token 'Nightly sync'?");
    expect(mockedDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(mockedDelete).toHaveBeenCalledWith(11);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(useFlashStore.getState().flash).toMatchObject({
      msg: "API token 'Nightly sync' has been deleted",
      type: 'success',
    });
  });

  it('flashes an error and keeps the list when the delete fails', async () => {
    mockedDelete.mockRejectedValue(new Error('500'));
    renderAt('/tokens', <TokensPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete API token Nightly sync' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'The API token could not be deleted. Please try again.',
        type: 'error',
      }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Nightly sync/ })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    renderAt('/tokens', <TokensPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete API token Nightly sync' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mockedDelete).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
