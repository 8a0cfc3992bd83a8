import { apiGet } from 'shared-auth';
import { FIRST_MEMBERS_PAGE, prefetchUserRoles, searchUserRoles, updateEndDate } from './user-roles.resource';

jest.mock('shared-auth', () => ({ ...jest.requireActual('shared-auth'), apiGet: jest.fn() }));
const get = apiGet as jest.MockedFunction<typeof apiGet>;

beforeEach(() => get.mockReset().mockResolvedValue({ content: [], totalElements: 0 }));

describe('user roles resource', () => {
  it('asks for a page of guests or maintainers of a role', async () => {
    await searchUserRoles(7, 'maintainers', { ...FIRST_MEMBERS_PAGE, query: 'kim' });
    expect(get).toHaveBeenCalledWith('user_roles/search/7/maintainers', {
      searchParams: { ...FIRST_MEMBERS_PAGE, query: 'kim' },
    });
  });

  it('answers the first page from a prefetch once, then asks the server again', async () => {
    prefetchUserRoles(7, 'guests');
    expect(get).toHaveBeenCalledTimes(1);
    await searchUserRoles(7, 'guests', FIRST_MEMBERS_PAGE);
    expect(get).toHaveBeenCalledTimes(1);
    await searchUserRoles(7, 'guests', FIRST_MEMBERS_PAGE);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not use a prefetch for another page, sort or role', async () => {
    prefetchUserRoles(7, 'guests');
    await searchUserRoles(7, 'guests', { ...FIRST_MEMBERS_PAGE, pageNumber: 1 });
    await searchUserRoles(8, 'guests', FIRST_MEMBERS_PAGE);
    expect(get).toHaveBeenCalledTimes(3);
  });
});

describe('user roles resource after a change', () => {
  it('forgets a prefetched page once an end date changed or a member was removed', async () => {
    jest.spyOn(jest.requireMock('shared-auth'), 'apiPut').mockResolvedValue(null);
    prefetchUserRoles(7, 'maintainers');
    await updateEndDate(3, null);
    get.mockClear();
    await searchUserRoles(7, 'maintainers', FIRST_MEMBERS_PAGE);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
