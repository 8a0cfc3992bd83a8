// Token creation (spec §4 Token creation, §5 Token), through the tokens page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import * as personas from 'test-support/personas';
import { renderAt, setUpRemote } from 'test-support/render';
import contributions from './contributions';
import { serveTokens } from './test-support/tokens.fixture';
import TokensPage from './tokens.page';
import { createToken, generateToken } from './tokens.resource';

jest.mock('./tokens.resource', () => ({
  fetchTokens: jest.fn(),
  generateToken: jest.fn(),
  createToken: jest.fn(),
  deleteToken: jest.fn(),
  useTokens: jest.fn(),
}));

const mockedGenerate = jest.mocked(generateToken);
const mockedCreate = jest.mocked(createToken);
let reload: jest.Mock;

beforeEach(() => {
  reload = serveTokens();
  mockedGenerate.mockReset();
  mockedCreate.mockReset();
});

describe('creating a token', () => {
  beforeEach(async () => {
    await setUpRemote('tokens', contributions.translations, personas.institutionAdmin);
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
    expect(screen.getByRole('button', { name: /copy token/i })).toBeInTheDocument();
    expect(mockedGenerate).toHaveBeenCalledTimes(1);
  });

  it('shows a copyable curl example with the new secret and links the API reference', async () => {
    await openForm();
    expect(screen.getByLabelText('Example call with curl')).toHaveTextContent(
      `curl -H 'X-API-TOKEN: secret-123' '${window.location.origin}/api/external/v1/roles'`,
    );
    expect(screen.getByRole('button', { name: /copy example call with curl/i })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'External API reference (OpenAPI)' })[0]).toHaveAttribute(
      'href',
      `${window.location.origin}/api/external/v1/docs`,
    );
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
