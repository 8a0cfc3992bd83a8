import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import InstitutionAdminsTab from './institution-admins-tab.component';
import { fetchInstitutionAdmins, removeInstitutionAdmin } from './system.resource';

jest.mock('./system.resource', () => ({
  fetchInstitutionAdmins: jest.fn(),
  removeInstitutionAdmin: jest.fn(),
}));
const fetchAdmins = fetchInstitutionAdmins as jest.Mock;
const removeAdmin = removeInstitutionAdmin as jest.Mock;

const groups = [
  {
    organizationGUID: 'ad93daef',
    'name:en': 'Harderwijk University',
    'name:nl': 'Universiteit Harderwijk',
    logo: '/registry/logos/idp-harderwijk.svg',
    known: true,
    admins: [
      {
        id: 4,
        name: 'Iris Institution',
        email: 'iris@example.org',
        lastActivity: 1_767_225_600,
        viaEntitlement: true,
        grantedByInvitation: false,
      },
      {
        id: 7,
        name: 'Ines Invited',
        email: 'ines@example.org',
        viaEntitlement: false,
        grantedByInvitation: true,
      },
      { id: 8, name: 'Bo Both', email: 'bo@example.org', viaEntitlement: true, grantedByInvitation: true },
    ],
  },
  {
    organizationGUID: 'b1c2',
    'name:en': 'Delta College',
    'name:nl': 'Delta College',
    logo: null,
    known: true,
    admins: [],
  },
  {
    organizationGUID: 'stray-guid',
    'name:en': null,
    'name:nl': null,
    logo: null,
    known: false,
    admins: [{ id: 9, name: null, email: 'stray@example.org' }],
  },
];

beforeEach(async () => {
  fetchAdmins.mockReset();
  removeAdmin.mockReset();
  useFlashStore.setState({ flash: null });
  await setUpSystem(superUser);
});

describe('the institution admins tab', () => {
  it('lists each organisation with its admins linked to their profile, none and unknown ones said', async () => {
    fetchAdmins.mockResolvedValue(groups);
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    const harderwijk = within(
      await screen.findByRole('list', { name: 'Institution admins of Harderwijk University' }),
    );
    expect(harderwijk.getByRole('link', { name: 'Iris Institution' })).toHaveAttribute('href', '/profile/4');
    expect(harderwijk.getByText(/iris@example.org/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Delta College' }).closest('li')).toHaveTextContent(
      'No institution admins',
    );
    expect(screen.getByRole('heading', { name: 'Organisation unknown in the registry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'stray@example.org' })).toHaveAttribute('href', '/profile/9');
  });

  it('speaks Dutch', async () => {
    fetchAdmins.mockResolvedValue(groups);
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    expect(
      await screen.findByRole('heading', { name: 'Instellingsbeheerders per organisatie' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('list', { name: 'Instellingsbeheerders van Universiteit Harderwijk' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Delta College' }).closest('li')).toHaveTextContent(
      'Geen instellingsbeheerders',
    );
    const remove = screen.getByRole('button', { name: 'Ines Invited als instellingsbeheerder verwijderen' });
    expect(remove).toHaveTextContent('Verwijderen');
    await userEvent.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Instellingsbeheerder verwijderen' });
    expect(within(dialog).getByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
  });

  it('says where each right comes from, and offers removal only of a right an invitation granted', async () => {
    fetchAdmins.mockResolvedValue(groups);
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    const harderwijk = within(
      await screen.findByRole('list', { name: 'Institution admins of Harderwijk University' }),
    );
    const item = (name: string) => harderwijk.getByRole('link', { name }).closest('li') as HTMLElement;
    expect(item('Iris Institution')).toHaveTextContent('by their institution');
    expect(within(item('Iris Institution')).queryByRole('button')).not.toBeInTheDocument();
    expect(item('Ines Invited')).toHaveTextContent('by invitation');
    expect(item('Bo Both')).toHaveTextContent('by their institution, by invitation');
    expect(screen.getAllByRole('button', { name: /^Remove .* as institution admin$/ })).toHaveLength(2);
  });

  it('removes a granted right after a confirmation, flashes it and reads the list again', async () => {
    fetchAdmins.mockResolvedValue(groups);
    removeAdmin.mockResolvedValue({
      id: 7,
      institutionAdmin: false,
      organizationGUID: null,
      viaEntitlement: false,
    });
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    const remove = await screen.findByRole('button', { name: 'Remove Ines Invited as institution admin' });
    expect(remove).toHaveTextContent('Remove');

    await userEvent.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove institution admin' });
    expect(dialog).toHaveTextContent(
      'Remove the institution admin right that Ines Invited received by invitation for Harderwijk University?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeAdmin).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const [harderwijk, ...rest] = groups;
    fetchAdmins.mockResolvedValue([
      { ...harderwijk, admins: harderwijk.admins.filter((admin) => admin.id !== 7) },
      ...rest,
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ines Invited as institution admin' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(removeAdmin).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ines Invited' })).not.toBeInTheDocument());
    expect(useFlashStore.getState().flash).toMatchObject({
      msg: 'Ines Invited is no longer an institution admin by invitation.',
      type: 'success',
    });
    expect(fetchAdmins).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('tells that an admin by their institution stays one', async () => {
    fetchAdmins.mockResolvedValue(groups);
    removeAdmin.mockResolvedValue({
      id: 8,
      institutionAdmin: true,
      organizationGUID: 'ad93daef',
      viaEntitlement: true,
    });
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Bo Both as institution admin' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Bo Both remains institution admin as long as their own institution says so at login.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash?.msg).toBe(
        "The invitation's right of Bo Both is removed; they remain institution admin through their own institution.",
      ),
    );
  });

  it('flashes a failed removal and reads the list again', async () => {
    fetchAdmins.mockResolvedValue(groups);
    removeAdmin.mockRejectedValue(new Error('409'));
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Ines Invited as institution admin' }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'The institution admin right of Ines Invited could not be removed.',
        type: 'error',
      }),
    );
    await waitFor(() => expect(fetchAdmins).toHaveBeenCalledTimes(2));
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fetchAdmins.mockRejectedValueOnce(new Error('500')).mockResolvedValue(groups);
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Iris Institution' })).toBeInTheDocument();
  });
});
