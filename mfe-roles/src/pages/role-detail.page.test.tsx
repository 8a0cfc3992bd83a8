import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { HARDERWIJK_TARGET } from 'test-support/provisioning';
import { fetchRoleProvisioning, type RoleProvisioning } from '../resources/provisioning.resource';
import { fetchRole } from '../resources/roles.resource';
import { fetchManagerEmails, prefetchUserRoles, searchUserRoles } from '../resources/user-roles.resource';
import { fetchRoleInstitutionAdmins } from '../resources/users.resource';
import * as personas from '../test-support/personas';
import { flashMessage, renderAt, setUpRoles } from '../test-support/render';
import { goneRole, userRole, wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
import RoleDetailPage from './role-detail.page';

jest.mock('../resources/roles.resource', () => {
  const { useLoad } = jest.requireActual('shared-ui');
  const fetchRole = jest.fn();
  return { fetchRole, useRole: (id: number) => useLoad(() => fetchRole(id), [id]) };
});
jest.mock('../resources/user-roles.resource', () => ({
  prefetchUserRoles: jest.fn(),
  searchUserRoles: jest.fn(),
  fetchManagerEmails: jest.fn(),
  updateEndDate: jest.fn(),
  deleteUserRole: jest.fn(),
}));
jest.mock('../resources/provisioning.resource', () => {
  const { useLoad } = jest.requireActual('shared-ui');
  const fetchRoleProvisioning = jest.fn();
  return {
    fetchRoleProvisioning,
    useRoleProvisioning: (id: number) => useLoad(() => fetchRoleProvisioning(id), [id]),
  };
});
jest.mock('../resources/users.resource', () => ({ fetchRoleInstitutionAdmins: jest.fn() }));
jest.mock('../resources/manage.resource', () => ({
  fetchRequestedAuthnContextValues: jest.fn(async () => ({
    EduIDValidatedName: 'https://eduid.nl/trust/validate-names',
  })),
}));
const role = fetchRole as jest.MockedFunction<typeof fetchRole>;
const provisioning = fetchRoleProvisioning as jest.MockedFunction<typeof fetchRoleProvisioning>;
const institutionAdmins = fetchRoleInstitutionAdmins as jest.MockedFunction<
  typeof fetchRoleInstitutionAdmins
>;
const members = searchUserRoles as jest.MockedFunction<typeof searchUserRoles>;
const managers = fetchManagerEmails as jest.MockedFunction<typeof fetchManagerEmails>;

const ROUTE = '/roles/:id/:tab?';

beforeEach(() => {
  role.mockReset().mockResolvedValue(wikiRole);
  provisioning.mockReset().mockResolvedValue([]);
  members.mockReset().mockResolvedValue({ content: [userRole(1, 'Gina Guest')], totalElements: 1 });
  managers.mockReset().mockResolvedValue(['manon@example.org', 'max@example.org']);
  institutionAdmins.mockReset().mockResolvedValue([]);
});

describe('role page', () => {
  it('lists the institution admins who may manage the role, with a mail link', async () => {
    institutionAdmins.mockResolvedValue([
      {
        id: 2,
        name: 'Iris Institution',
        email: 'iris@example.org',
        organizationGUID: personas.ORGANISATION_GUID,
      },
    ]);
    await setUpRoles(personas.superUser);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    const list = await screen.findByRole('list', { name: 'Institution admins who may manage this role' });
    expect(list).toHaveTextContent('Iris Institution');
    expect(screen.getByRole('link', { name: 'Iris Institution' })).toHaveAttribute(
      'href',
      'mailto:iris@example.org',
    );
    expect(institutionAdmins).toHaveBeenCalledWith(7);
  });

  it('says when no institution admin manages the role, in Dutch', async () => {
    await setUpRoles(personas.superUser, 'nl');
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(
      await screen.findByText('Geen instellingsbeheerder beheert de applicaties van deze rol.'),
    ).toBeInTheDocument();
  });

  it('shows the header, the guests tab by default and the breadcrumb of a manager', async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wiki Editors' })).toBeInTheDocument();
    expect(screen.getByText('urn:mace:surf.nl:test:wiki_editors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy URN' })).toBeInTheDocument();
    expect(screen.getByText(/3 members · valid for 365 days after acceptance/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Research Wiki (Harderwijk University)' })).toHaveAttribute(
      'href',
      'https://wiki.example.org/start',
    );
    expect(screen.getByRole('tab', { name: en.tabGuests })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: en.tabMaintainers })).toBeInTheDocument();
    expect(await screen.findByText('Gina Guest')).toBeInTheDocument();
    expect(members).toHaveBeenCalledWith(7, 'guests', expect.objectContaining({ pageNumber: 0 }));
    // The guests' first page was asked for alongside the role.
    expect(prefetchUserRoles).toHaveBeenCalledWith(7, 'guests');
    expect(useSessionStore.getState().breadcrumbPath).toEqual([
      { path: '/home', value: 'Home' },
      { path: '/home/roles', value: 'Roles' },
      { path: '/roles/7', value: 'Wiki Editors' },
      { value: en.tabGuests },
    ]);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/role/7');
  });

  it("names the role's assurance level, in English and in Dutch (issue 52)", async () => {
    role.mockResolvedValue({ ...wikiRole, requestedAuthnContext: 'https://eduid.nl/trust/validate-names' });
    await setUpRoles(personas.manager);
    const { unmount } = renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByText('Invitees log in with: eduID with validated names')).toBeInTheDocument();
    unmount();
    await setUpRoles(personas.manager, 'nl');
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(
      await screen.findByText('Genodigden loggen in met: eduID met gevalideerde namen'),
    ).toBeInTheDocument();
  });

  it('shows no assurance level for a role without one', async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    await screen.findByRole('heading', { level: 1, name: 'Wiki Editors' });
    expect(screen.queryByText(/Invitees log in with/)).not.toBeInTheDocument();
  });

  it('switches to the maintainers tab through the route', async () => {
    await setUpRoles(personas.superUser);
    renderAt('/roles/7/guests', <RoleDetailPage />, ROUTE);
    await userEvent.click(await screen.findByRole('tab', { name: en.tabMaintainers }));
    expect(await screen.findByRole('heading', { name: `${en.maintainersTitle} (1)` })).toBeInTheDocument();
    expect(members).toHaveBeenLastCalledWith(7, 'maintainers', expect.anything());
  });

  it('shows an inviter the role info, the managers to contact and New guest', async () => {
    await setUpRoles(personas.inviter);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByText(en.inviterRoleInfo)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: en.contactAdmins })).toHaveAttribute(
      'href',
      'mailto:manon@example.org,max@example.org',
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(useSessionStore.getState().breadcrumbPath[0]).toEqual({
      path: '/inviter',
      value: en.inviterTitle,
    });
    await userEvent.click(screen.getByRole('button', { name: en.newGuest }));
    expect(screen.getByText('Landed at /invitation/new?maintainer=false')).toBeInTheDocument();
  });

  it('marks a role unknown in the registry and flashes that it is disabled', async () => {
    role.mockResolvedValue(goneRole);
    await setUpRoles(personas.superUser);
    renderAt('/roles/8', <RoleDetailPage />, ROUTE);
    expect(await screen.findByRole('note')).toHaveTextContent(en.unknownInManage);
    expect(flashMessage()).toBe(en.unknownInManageDisabled);
    // A role unknown in the registry cannot invite anybody.
    expect(screen.queryByRole('button', { name: en.newGuest })).not.toBeInTheDocument();
  });

  it('sends a guest to /404 and a failed load to /', async () => {
    await setUpRoles(personas.guest);
    const { unmount } = renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
    unmount();
    role.mockRejectedValue(new Error('403'));
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByText('Landed at /')).toBeInTheDocument();
  });
});

const harderwijk = HARDERWIJK_TARGET;
const delivered: RoleProvisioning = {
  target: harderwijk,
  roleApplications: ['app-wiki'],
  status: 'delivered',
  groupDelivered: true,
  members: 3,
  delivered: 3,
  waiting: 0,
  failed: 0,
  failures: [],
};

describe('the provisioning section of the role page', () => {
  const section = () => screen.getByRole('region', { name: en['provisioning.title'] });

  it('shows per target the applications it provisions, its status and the members delivered', async () => {
    provisioning.mockResolvedValue([delivered]);
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByRole('region', { name: en['provisioning.title'] })).toBeInTheDocument();
    expect(section()).toHaveTextContent('Harderwijk SCIM');
    expect(section()).toHaveTextContent('Provisions Research Wiki (Harderwijk University)');
    expect(section()).toHaveTextContent('Delivered');
    expect(section()).toHaveTextContent('3 of 3 members delivered');
    expect(within(section()).queryByRole('list', { name: en['provisioning.failures'] })).toBeNull();
    expect(provisioning).toHaveBeenCalledWith(7);
  });

  it('shows an inviter too, in Dutch, with waiting deliveries and a group not there yet', async () => {
    provisioning.mockResolvedValue([
      { ...delivered, status: 'waiting', groupDelivered: false, delivered: 1, waiting: 3 },
    ]);
    await setUpRoles(personas.inviter);
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    const region = await screen.findByRole('region', { name: nl['provisioning.title'] });
    expect(region).toHaveTextContent('Harderwijk SCIM-koppeling');
    expect(region).toHaveTextContent('Levert aan Onderzoekswiki (Universiteit Harderwijk)');
    expect(region).toHaveTextContent('Wachtend');
    expect(region).toHaveTextContent(
      '1 van 3 leden afgeleverd · de groep van de rol is er nog niet · 3 leveringen wachtend',
    );
  });

  it("lists a failed target's refusals with the target's reason", async () => {
    provisioning.mockResolvedValue([
      {
        ...delivered,
        status: 'failed',
        delivered: 2,
        failed: 2,
        failures: [
          { kind: 'user', label: 'Gina Guest', lastStatus: 400, lastError: 'userName is required' },
          { kind: 'group', label: 'Wiki Editors', lastStatus: 409, lastError: null },
          { kind: 'user', label: null, lastStatus: 400, lastError: 'invalid' },
        ],
      },
    ]);
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    const failures = await screen.findByRole('list', { name: en['provisioning.failures'] });
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Gina Guest: 400 userName is required',
      "The role's group: 409",
      'A removed person: 400 invalid',
    ]);
    expect(section()).toHaveTextContent('Failed');
    expect(section()).toHaveTextContent('2 of 3 members delivered');
  });

  it('shows no section when no target provisions the role', async () => {
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByText('Gina Guest')).toBeInTheDocument();
    expect(provisioning).toHaveBeenCalledWith(7);
    expect(screen.queryByRole('region', { name: en['provisioning.title'] })).not.toBeInTheDocument();
  });

  it('says so, with a retry, when the state cannot be loaded', async () => {
    provisioning.mockRejectedValueOnce(new Error('500')).mockResolvedValue([delivered]);
    await setUpRoles(personas.manager);
    renderAt('/roles/7', <RoleDetailPage />, ROUTE);
    expect(await screen.findByRole('alert')).toHaveTextContent(en['provisioning.loadFailed']);
    await userEvent.click(screen.getByRole('button', { name: en['provisioning.retry'] }));
    expect(await screen.findByText('3 of 3 members delivered')).toBeInTheDocument();
  });
});
