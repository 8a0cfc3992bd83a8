// The invitation form (spec §2, §4, §5) through its page, with the invitations resource mocked.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore, type InvitationRequest } from 'shared-auth';
import { addDays, formatDateValue, startOfDay } from 'shared-ui';
import { createInvitation, fetchRoles, validateOrganizationGUID } from '../invitations.resource';
import { forge, guest, inviter, library, manager, superUser, wiki } from '../test-support/fixtures';
import { renderAt, setUp } from '../test-support/render';
import InvitationFormPage from './invitation-form.page';

jest.mock('../invitations.resource', () => ({
  ...jest.requireActual('../invitations.resource'),
  fetchRoles: jest.fn(),
  fetchRequestedAuthnContextValues: jest.fn(async () => ({
    EduIDValidatedName: 'https://eduid.nl/trust/validate-names',
  })),
  createInvitation: jest.fn(),
  validateOrganizationGUID: jest.fn(),
}));

const mockedRoles = jest.mocked(fetchRoles);
const mockedCreate = jest.mocked(createInvitation);
const mockedGuid = jest.mocked(validateOrganizationGUID);

beforeEach(() => {
  mockedRoles.mockReset().mockResolvedValue([wiki, forge, library]);
  mockedCreate.mockReset().mockResolvedValue({ created: 1, ids: [7] });
  mockedGuid.mockReset();
});

function paste(field: HTMLElement, text: string) {
  fireEvent.paste(field, { clipboardData: { getData: () => text } });
}

const sentRequest = (): InvitationRequest => mockedCreate.mock.calls[0][0];

describe('the invitation form', () => {
  it('sends guests, users without inviter authority, and an edit id to /404', async () => {
    await setUp(guest);
    renderAt('/invitation/new', <InvitationFormPage />);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
  });

  it('has no edit form: another id than new goes to /404', async () => {
    await setUp(manager);
    renderAt('/invitation/12', <InvitationFormPage />);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
  });

  it('takes typed and pasted addresses, drops duplicates and lists the invalid ones', async () => {
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />);
    const field = await screen.findByLabelText(/^Invitees/);
    await userEvent.type(field, 'ann@x.org,');
    paste(field, 'Bob <bob@x.org>; ANN@x.org\nnot-an-address');
    const chosen = screen.getByRole('list', { name: '2 invitees' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ann@x.org×', 'bob@x.org×']);
    expect(screen.getByRole('status')).toHaveTextContent('Invalid email addresses removed: not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Remove ann@x.org' }));
    expect(screen.getByRole('list', { name: '1 invitee' })).toHaveTextContent('bob@x.org');
  });

  it('shows the required texts and sends nothing while invitees or roles are missing', async () => {
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send invite' }));
    expect(screen.getByText('At least one email address is required')).toBeInTheDocument();
    expect(screen.getByText('At least one role is required for an invitation')).toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('offers a manager only the authorities below its own, guest by default and inviter for maintainers', async () => {
    await setUp(manager);
    renderAt('/invitation/new?maintainer=true', <InvitationFormPage />, { roleId: wiki.id });
    const authority = await screen.findByLabelText('Authority');
    expect(
      within(authority)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Inviter', 'Guest']);
    expect(authority).toHaveValue('INVITER');
    expect(screen.getByRole('heading', { name: 'Invite a maintainer' })).toBeInTheDocument();
  });

  it('invites: posts the payload, flashes and goes to the role’s invitations', async () => {
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />, { roleId: wiki.id });
    const field = await screen.findByLabelText(/^Invitees/);
    await userEvent.type(field, 'ann@x.org{enter}');
    await userEvent.type(screen.getByLabelText('Personal note'), 'Welcome');
    await userEvent.selectOptions(screen.getByLabelText('Language of the invitation mail'), 'nl');
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/roles/1/invitations'));
    const today = startOfDay(new Date());
    expect(sentRequest()).toEqual({
      intendedAuthority: 'GUEST',
      invites: ['ann@x.org'],
      roleIdentifiers: [wiki.id],
      message: 'Welcome',
      language: 'nl',
      expiryDate: addDays(today, 30).getTime() / 1000,
      roleExpiryDate: addDays(today, 100).getTime() / 1000,
      organizationGUID: null,
      enforceEmailEquality: false,
      eduIDOnly: false,
      requestedAuthnContext: null,
      guestRoleIncluded: false,
    });
    expect(useFlashStore.getState().flash).toMatchObject({
      msg: 'The invitation has been sent',
      type: 'success',
    });
  });

  it('flashes the server’s reason and stays when the create fails', async () => {
    const { ApiError } = jest.requireActual('shared-auth');
    mockedCreate.mockRejectedValue(
      new ApiError(400, { status: 400, error: 'Bad Request', message: 'Too many' }),
    );
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />, { roleId: wiki.id });
    await userEvent.type(await screen.findByLabelText(/^Invitees/), 'ann@x.org{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'The invitation could not be sent. Too many',
        type: 'error',
      }),
    );
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeEnabled();
  });

  it('shows the advanced switches only when every chosen role allows overriding', async () => {
    await setUp(superUser);
    renderAt('/invitation/new', <InvitationFormPage />, { roleId: forge.id });
    await userEvent.click(await screen.findByRole('button', { name: 'Show advanced invite settings' }));
    expect(screen.getByLabelText('The invitation expires on')).toHaveValue(
      formatDateValue(addDays(startOfDay(new Date()), 30)),
    );
    expect(screen.getByRole('switch', { name: 'eduID only' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Roles *' }), String(library.id));
    // Library enforces e-mail equality: picking it turns the switch on.
    expect(
      screen.getByRole('switch', { name: 'Accept only with the invited e-mail address' }),
    ).toHaveAttribute('aria-checked', 'true');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Roles *' }), String(wiki.id));
    expect(screen.queryByRole('switch', { name: 'eduID only' })).not.toBeInTheDocument();
    expect(
      screen.getByText('The chosen roles decide the other settings of this invitation.'),
    ).toBeInTheDocument();
  });

  it("offers the assurance level where the roles allow overriding, the role's own first (issue 52)", async () => {
    const acr = 'https://eduid.nl/trust/validate-names';
    mockedRoles.mockResolvedValue([wiki, { ...forge, requestedAuthnContext: acr }, library]);
    await setUp(superUser);
    renderAt('/invitation/new', <InvitationFormPage />, { roleId: forge.id });
    await userEvent.type(await screen.findByLabelText(/^Invitees/), 'ann@x.org{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Show advanced invite settings' }));
    const field = await screen.findByRole('combobox', { name: 'Assurance level invitees must log in with' });
    expect(field).toHaveValue(acr);
    await userEvent.selectOptions(field, '');
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(mockedCreate).toHaveBeenCalled());
    expect(mockedCreate.mock.calls[0][0]).toMatchObject({
      roleIdentifiers: [forge.id],
      requestedAuthnContext: null,
    });
  });

  it('narrows the roles with the search field', async () => {
    await setUp(superUser);
    renderAt('/invitation/new', <InvitationFormPage />);
    const select = await screen.findByRole('combobox', { name: 'Roles *' });
    await userEvent.type(screen.getByPlaceholderText('Search roles'), 'forge');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Add...', 'Code Forge — Code Forge app (Harderwijk)']);
  });

  it('rejects a typed expiry date outside the bounds with the picker’s message', async () => {
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />, { roleId: wiki.id });
    await userEvent.click(await screen.findByRole('button', { name: 'Show advanced invite settings' }));
    const expiry = screen.getByLabelText('The invitation expires on');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '01/01/2000{enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Date input not valid.');
  });

  it('asks a super user inviting an institution admin for an organisation GUID it checks', async () => {
    mockedGuid.mockResolvedValueOnce(null).mockResolvedValue({ name: 'Universiteit Harderwijk' });
    await setUp(superUser);
    renderAt('/invitation/new', <InvitationFormPage />);
    await userEvent.selectOptions(await screen.findByLabelText('Authority'), 'INSTITUTION_ADMIN');
    expect(screen.queryByRole('combobox', { name: 'Roles *' })).not.toBeInTheDocument();
    const guid = screen.getByLabelText('Organization GUID *');
    await userEvent.type(guid, 'wrong');
    await userEvent.tab();
    expect(
      await screen.findByText('The organization GUID is not known to any identity provider'),
    ).toBeInTheDocument();
    await userEvent.clear(guid);
    await userEvent.type(guid, 'ad93daef');
    await userEvent.tab();
    expect(await screen.findByText('Identity provider: Universiteit Harderwijk')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Invitees/), 'boss@x.org{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(mockedCreate).toHaveBeenCalled());
    expect(sentRequest()).toMatchObject({
      intendedAuthority: 'INSTITUTION_ADMIN',
      organizationGUID: 'ad93daef',
      roleIdentifiers: [],
    });
  });

  it('gives an inviter role cards and no authority choice', async () => {
    await setUp(inviter);
    renderAt('/invitation/new', <InvitationFormPage />);
    const cards = await screen.findByRole('group', { name: /For the following roles/ });
    expect(within(cards).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.queryByLabelText('Authority')).not.toBeInTheDocument();
    await userEvent.click(within(cards).getByRole('checkbox', { name: /Wiki Editors/ }));
    await userEvent.type(screen.getByLabelText(/^Invitees/), 'ann@x.org{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(mockedCreate).toHaveBeenCalled());
    expect(sentRequest()).toMatchObject({ intendedAuthority: 'GUEST', roleIdentifiers: [wiki.id] });
  });

  it('shows a retry when the roles cannot be loaded', async () => {
    mockedRoles.mockRejectedValueOnce(new Error('500'));
    await setUp(manager);
    renderAt('/invitation/new', <InvitationFormPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Invitees/)).toBeInTheDocument();
  });
});
