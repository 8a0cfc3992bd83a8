// Deleting a token asks for confirmation first (spec §4), through the tokens page.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import * as personas from 'test-support/personas';
import { renderAt, setUpRemote } from 'test-support/render';
import contributions from './contributions';
import { serveTokens } from './test-support/tokens.fixture';
import TokensPage from './tokens.page';
import { deleteToken } from './tokens.resource';

jest.mock('./tokens.resource', () => ({
  fetchTokens: jest.fn(),
  generateToken: jest.fn(),
  createToken: jest.fn(),
  deleteToken: jest.fn(),
  useTokens: jest.fn(),
}));

const mockedDelete = jest.mocked(deleteToken);
let reload: jest.Mock;

beforeEach(() => {
  reload = serveTokens();
  mockedDelete.mockReset();
});

describe('deleting a token', () => {
  beforeEach(() => setUpRemote('tokens', contributions.translations, personas.superUser));

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
