import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS, useSessionStore } from 'shared-auth';
import { fetchOtherUser, searchUsers } from '../resources/users.resource';
import * as personas from '../test-support/personas';
import { flashMessage, renderAt, setUpRoles } from '../test-support/render';
import en from '../translations/en.json';
import { UsersTab } from './users-tab.component';

jest.mock('../resources/users.resource', () => ({ searchUsers: jest.fn(), fetchOtherUser: jest.fn() }));
const search = searchUsers as jest.MockedFunction<typeof searchUsers>;
const other = fetchOtherUser as jest.MockedFunction<typeof fetchOtherUser>;

const rows = [
  {
    id: 1,
    name: 'Ada Admin',
    email: 'ada@example.org',
    schac_home_organization: 'example.org',
    superUser: true,
  },
  {
    id: 4,
    name: 'Manon Manager',
    email: 'manon@example.org',
    schac_home_organization: 'example.org',
    authority: 'MANAGER,GUEST',
  },
];

beforeEach(() => {
  search.mockReset();
  other.mockReset();
});

describe('users tab', () => {
  it('searches on the server only from 3 characters, debounced', async () => {
    // On fake time: the debounce is stated by the clock, not by how fast a loaded machine runs the test.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      search.mockResolvedValue({ content: rows, totalElements: 2 });
      await setUpRoles(personas.superUser);
      renderAt('/home/users', <UsersTab />);
      expect(await screen.findByRole('heading', { name: 'Users (2)' })).toBeInTheDocument();
      expect(screen.getByRole('row', { name: /Manon Manager/ })).toHaveTextContent('Manager');
      expect(screen.getByRole('row', { name: /Ada Admin/ })).toHaveTextContent('Super user');
      await user.type(screen.getByRole('searchbox'), 'ma');
      expect(screen.getByText('Type at least 3 characters to search')).toBeInTheDocument();
      await user.type(screen.getByRole('searchbox'), 'n');
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(search).toHaveBeenCalledTimes(1);
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'man' })));
      expect(search).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('past the count cap, titles the list 1000+ and hints at more results', async () => {
    search.mockResolvedValue({ content: rows, totalElements: 1001 });
    await setUpRoles(personas.superUser);
    renderAt('/home/users', <UsersTab />);
    expect(
      await screen.findByText('There are more results than shown, please refine your search.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users (1000+)' })).toBeInTheDocument();
  });

  it('impersonates another user: the admin becomes impersonator, a flash, and off to /', async () => {
    search.mockResolvedValue({ content: rows, totalElements: 2 });
    const manon = { ...personas.manager, name: 'Manon Manager' };
    other.mockResolvedValue(manon);
    await setUpRoles(personas.superUser);
    renderAt('/home/users', <UsersTab />);
    await screen.findByRole('heading', { name: 'Users (2)' });
    // No impersonating oneself: the own row says so instead.
    expect(screen.queryByRole('button', { name: 'Impersonate Ada Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ada Admin/ })).toHaveTextContent('You');
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate Manon Manager' }));
    await screen.findByText('Landed at /');
    expect(other).toHaveBeenCalledWith(4);
    expect(useSessionStore.getState().impersonator).toEqual(personas.superUser);
    expect(useSessionStore.getState().user).toEqual(manon);
    expect(flashMessage()).toBe('You are now impersonating Manon Manager');
  });

  it('offers to invite a maintainer', async () => {
    search.mockResolvedValue({ content: [], totalElements: 0 });
    await setUpRoles(personas.superUser);
    renderAt('/home/users', <UsersTab />);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.inviteMaintainer }));
    expect(screen.getByText('Landed at /invitation/new?maintainer=true')).toBeInTheDocument();
  });
});
