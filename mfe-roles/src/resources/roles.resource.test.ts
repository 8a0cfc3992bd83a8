import { apiGet, apiPost } from 'shared-auth';
import { fetchRoles, prefetchRoles, saveRole } from './roles.resource';
import type { RoleInput } from './roles.resource';

jest.mock('shared-auth', () => ({
  ...jest.requireActual('shared-auth'),
  apiGet: jest.fn(),
  apiPost: jest.fn(),
}));
const get = apiGet as jest.MockedFunction<typeof apiGet>;

const FIRST = { query: '', pageNumber: 0, pageSize: 10, sort: 'name', sortDirection: 'ASC' } as const;

beforeEach(() => {
  get.mockReset().mockResolvedValue({ content: [], totalElements: 0 });
  (apiPost as jest.Mock).mockReset().mockResolvedValue({ id: 1 });
});

describe('roles resource', () => {
  it('answers the same request from a prefetch once, whatever the order of its fields', async () => {
    prefetchRoles(FIRST);
    expect(get).toHaveBeenCalledTimes(1);
    const { sortDirection, sort, ...rest } = FIRST;
    await fetchRoles({ sortDirection, sort, ...rest });
    expect(get).toHaveBeenCalledTimes(1);
    await fetchRoles(FIRST);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('asks the server for another request, and an own-roles list with force apart from one without', async () => {
    prefetchRoles(undefined, true);
    await fetchRoles(undefined, false);
    await fetchRoles({ ...FIRST, pageNumber: 1 });
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenNthCalledWith(1, 'roles', { searchParams: { force: true } });
  });

  it('forgets a prefetched list once a role is saved', async () => {
    prefetchRoles(FIRST);
    await saveRole({ name: 'New' } as RoleInput);
    await fetchRoles(FIRST);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
