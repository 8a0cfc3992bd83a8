import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from 'shared-ui';
import { renderAt, setUpSystem, superUser } from '../test-support/render';
import InstitutionAdminsTab from './institution-admins-tab.component';
import { fetchInstitutionAdmins } from './system.resource';

jest.mock('./system.resource', () => ({ fetchInstitutionAdmins: jest.fn() }));
const fetchAdmins = fetchInstitutionAdmins as jest.Mock;

const groups = [
  {
    organizationGUID: 'ad93daef',
    'name:en': 'Harderwijk University',
    'name:nl': 'Universiteit Harderwijk',
    logo: '/registry/logos/idp-harderwijk.svg',
    known: true,
    admins: [{ id: 4, name: 'Iris Institution', email: 'iris@example.org', lastActivity: 1_767_225_600 }],
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
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fetchAdmins.mockRejectedValueOnce(new Error('500')).mockResolvedValue(groups);
    renderAt('/system/institutionAdmins', <InstitutionAdminsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Iris Institution' })).toBeInTheDocument();
  });
});
