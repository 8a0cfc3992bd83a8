import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchInstitutionApplications, fetchProviders } from '../resources/manage.resource';
import { searchUsersByApplication } from '../resources/users.resource';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import en from '../translations/en.json';
import { ApplicationUsersTab } from './application-users-tab.component';
import { ApplicationsTab } from './applications-tab.component';

jest.mock('../resources/manage.resource', () => ({
  fetchProviders: jest.fn(),
  fetchInstitutionApplications: jest.fn(),
}));
jest.mock('../resources/users.resource', () => ({ searchUsersByApplication: jest.fn() }));
const providers = fetchProviders as jest.MockedFunction<typeof fetchProviders>;
const own = fetchInstitutionApplications as jest.MockedFunction<typeof fetchInstitutionApplications>;
const appUsers = searchUsersByApplication as jest.MockedFunction<typeof searchUsersByApplication>;

const wiki = {
  id: 'app-wiki',
  manageId: 'app-wiki',
  type: 'saml20_sp' as const,
  'name:en': 'Research Wiki',
  'name:nl': 'Onderzoekswiki',
  'OrganizationName:en': 'Harderwijk University',
  roleCount: 3,
};
const gitlab = {
  ...wiki,
  id: 'app-gitlab',
  manageId: 'app-gitlab',
  type: 'oidc10_rp' as const,
  'name:en': 'Code Forge',
  'name:nl': undefined,
  roleCount: 1,
};

beforeEach(() => jest.clearAllMocks());

describe('applications tab', () => {
  it('lists every registry application with its number of roles to a super user', async () => {
    providers.mockResolvedValue([wiki, gitlab]);
    await setUpRoles(personas.superUser);
    renderAt('/home/applications', <ApplicationsTab />);
    expect(await screen.findByRole('heading', { name: 'Applications (2)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Research Wiki/ })).toHaveTextContent('Service Provider');
    expect(screen.getByRole('row', { name: /Research Wiki/ })).toHaveTextContent('3');
    expect(screen.getByRole('row', { name: /Code Forge/ })).toHaveTextContent('Relying Party');
    expect(own).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('Code Forge'));
    expect(screen.getByText('Landed at /applications/app-gitlab')).toBeInTheDocument();
  });

  it("lists an institution admin's own applications, in Dutch with English fallback", async () => {
    own.mockResolvedValue({ providers: [wiki, gitlab], provisionings: [] });
    await setUpRoles(personas.institutionAdmin, 'nl');
    renderAt('/home/applications', <ApplicationsTab />);
    expect(await screen.findByText('Onderzoekswiki')).toBeInTheDocument();
    expect(screen.getByText('Code Forge')).toBeInTheDocument();
    expect(providers).not.toHaveBeenCalled();
  });

  it('sends a manager to /404', async () => {
    await setUpRoles(personas.manager);
    renderAt('/home/applications', <ApplicationsTab />);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
  });
});

describe('application users tab', () => {
  it('lists the users of the institution’s applications with their roles, linked', async () => {
    appUsers.mockResolvedValue({
      content: [
        {
          id: 9,
          name: 'Gina Guest',
          email: 'guest@example.org',
          userRoles: [{ id: 1, roleId: 7, roleName: 'Wiki Editors', authority: 'GUEST', endDate: null }],
        },
      ],
      totalElements: 1,
    });
    await setUpRoles(personas.institutionAdmin);
    renderAt('/home/applicationUsers', <ApplicationUsersTab />);
    expect(await screen.findByRole('link', { name: 'Wiki Editors' })).toHaveAttribute('href', '/roles/7');
    await userEvent.click(screen.getByRole('button', { name: en.inviteUser }));
    expect(screen.getByText('Landed at /invitation/new?institution=true')).toBeInTheDocument();
  });

  it('titles more users than the server counts 1000+ and hints at more results', async () => {
    appUsers.mockResolvedValue({
      content: [{ id: 9, name: 'Gina Guest', email: 'guest@example.org', userRoles: [] }],
      totalElements: 1001,
    });
    await setUpRoles(personas.institutionAdmin);
    renderAt('/home/applicationUsers', <ApplicationUsersTab />);
    expect(
      await screen.findByRole('heading', { name: `${en.applicationUsersTitle} (1000+)` }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('There are more results than shown, please refine your search.'),
    ).toBeInTheDocument();
  });
});
