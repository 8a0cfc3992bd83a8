import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS, type Role } from 'shared-auth';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import { goneRole, wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import { fetchRoles } from '../resources/roles.resource';
import { RolesTab } from './roles-tab.component';

jest.mock('../resources/roles.resource', () => ({ fetchRoles: jest.fn() }));
const fetchRolesMock = fetchRoles as jest.MockedFunction<typeof fetchRoles>;

const page = (content: Role[]) => ({ content, totalElements: content.length });

beforeEach(() => fetchRolesMock.mockReset());

describe('roles tab', () => {
  it('points a guest to the applications its roles open, and loads nothing', async () => {
    const future = Math.floor(Date.now() / 1000) + 40 * 86_400;
    await setUpRoles({
      ...personas.guest,
      userRoles: [{ ...personas.guest.userRoles[0]!, endDate: future }],
    });
    renderAt('/home/roles', <RolesTab />);
    expect(screen.getByRole('heading', { name: 'My applications' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Research Wiki', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Harderwijk University')).toBeInTheDocument();
    expect(screen.getByText('Through the role Wiki Editors')).toBeInTheDocument();
    expect(screen.getByText(/^Access until \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to application Research Wiki' })).toHaveAttribute(
      'href',
      'https://wiki.example.org/start',
    );
    expect(screen.queryByText(en.guestNote)).not.toBeInTheDocument();
    expect(fetchRolesMock).not.toHaveBeenCalled();
  });

  it('points a guest to its applications in Dutch too', async () => {
    await setUpRoles(personas.guest, 'nl');
    renderAt('/home/roles', <RolesTab />);
    expect(await screen.findByRole('heading', { name: 'Mijn applicaties' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Onderzoekswiki', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Toegang zonder einddatum')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ga naar applicatie Onderzoekswiki' })).toBeInTheDocument();
  });

  it('keeps the note for a guest whose memberships open nothing (ended, or unknown applications)', async () => {
    const past = Math.floor(Date.now() / 1000) - 86_400;
    await setUpRoles({
      ...personas.guest,
      userRoles: [
        { ...personas.guest.userRoles[0]!, endDate: past },
        { id: 99, authority: 'GUEST', role: goneRole },
      ],
    });
    renderAt('/home/roles', <RolesTab />);
    expect(screen.getByText(en.guestNote)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My applications' })).not.toBeInTheDocument();
  });

  it('tells an institution admin without applications why they are a guest', async () => {
    await setUpRoles(personas.institutionAdminWithoutApplications);
    renderAt('/home/roles', <RolesTab />);
    expect(screen.getByText(en.guestNoteInstitutionAdmin)).toBeInTheDocument();
  });

  it("lists a manager's own roles with the authority held, and opens one", async () => {
    fetchRolesMock.mockResolvedValue(page([{ ...wikiRole, isUserRole: true, authority: 'MANAGER' }]));
    await setUpRoles(personas.manager);
    renderAt('/home/roles', <RolesTab />);
    expect(await screen.findByRole('heading', { name: 'Roles (1)' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Wiki Editors/ });
    expect(row).toHaveTextContent('Research Wiki (Harderwijk University)');
    expect(row).toHaveTextContent('Manager');
    expect(screen.queryByRole('button', { name: en.newRole })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Wiki Editors'));
    expect(screen.getByText('Landed at /roles/7')).toBeInTheDocument();
  });

  it('shows the unknown-in-registry marker on a role row', async () => {
    fetchRolesMock.mockResolvedValue(page([{ ...goneRole, authority: 'MANAGER' }]));
    await setUpRoles(personas.manager);
    renderAt('/home/roles', <RolesTab />);
    expect(await screen.findByText(en.unknownInManage)).toBeInTheDocument();
  });

  it('welcomes an institution admin without roles with its institution and a way to create one', async () => {
    fetchRolesMock.mockResolvedValue(page([]));
    await setUpRoles(personas.institutionAdmin);
    renderAt('/home/roles', <RolesTab />);
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Harderwijk University' }),
    ).toBeInTheDocument();
    // The institution admin asks with force, so that roles of its applications come along.
    expect(fetchRolesMock).toHaveBeenCalledWith(undefined, true);
    await userEvent.click(screen.getByRole('button', { name: en.newRole }));
    expect(screen.getByText('Landed at /role/new')).toBeInTheDocument();
  });

  it('lets a super user search every role on the server, paged', async () => {
    // On fake time: the search's debounce passes by the clock, not by how fast a loaded machine runs.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      fetchRolesMock.mockResolvedValue({ content: [wikiRole], totalElements: 25 });
      await setUpRoles(personas.superUser);
      renderAt('/home/roles', <RolesTab />);
      expect(await screen.findByRole('heading', { name: 'Roles (25)' })).toBeInTheDocument();
      expect(fetchRolesMock).toHaveBeenCalledWith(
        expect.objectContaining({
          query: '',
          pageNumber: 0,
          pageSize: 10,
          sort: 'name',
          sortDirection: 'ASC',
        }),
      );
      await user.type(screen.getByRole('searchbox'), 'wiki');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await waitFor(() =>
        expect(fetchRolesMock).toHaveBeenLastCalledWith(
          expect.objectContaining({ query: 'wiki', pageNumber: 0 }),
        ),
      );
      expect(screen.getByRole('button', { name: en.newRole })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the list in Dutch', async () => {
    fetchRolesMock.mockResolvedValue(page([{ ...wikiRole, authority: 'MANAGER' }]));
    await setUpRoles(personas.manager, 'nl');
    renderAt('/home/roles', <RolesTab />);
    expect(await screen.findByRole('heading', { name: 'Rollen (1)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Wiki Editors/ })).toHaveTextContent(
      'Onderzoekswiki (Universiteit Harderwijk)',
    );
  });
});
