jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpTexts } from 'test-support/i18n';
import { PagedList, type PageRequest } from './paged-list.component';

beforeAll(() => setUpTexts());

interface User {
  id: number;
  name: string;
}

const COLUMNS = [{ key: 'name', header: 'Name' }];

function serverWith(total: number) {
  return jest.fn(async (request: PageRequest) => {
    const all = Array.from({ length: total }, (_, i) => ({ id: i, name: `user ${i}` }));
    const start = request.pageNumber * request.pageSize;
    return { content: all.slice(start, start + request.pageSize), totalElements: total };
  });
}

/** Lets the fake server's answer travel through its promise chain into the rendered list. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe('PagedList', () => {
  afterEach(() => jest.useRealTimers());

  it('fetches the first page sorted by name and shows the total in the title', async () => {
    const fetchPage = serverWith(25);
    render(<PagedList<User> title="Users" fetchPage={fetchPage} columns={COLUMNS} />);
    await flush();
    expect(fetchPage).toHaveBeenCalledWith({
      query: '',
      pageNumber: 0,
      pageSize: 10,
      sort: 'name',
      sortDirection: 'ASC',
    });
    expect(screen.getByRole('heading', { name: 'Users (25)' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
  });

  it('searches after 375 ms of quiet, only for more than 2 characters, with a hint otherwise', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const fetchPage = serverWith(5);
    render(<PagedList<User> fetchPage={fetchPage} columns={COLUMNS} />);
    await flush();
    fetchPage.mockClear();

    await user.type(screen.getByRole('searchbox'), 'jo');
    expect(screen.getByText('Type at least 3 characters to search')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(fetchPage).not.toHaveBeenCalled();

    await user.type(screen.getByRole('searchbox'), 'h ');
    expect(screen.queryByText('Type at least 3 characters to search')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(374));
    expect(fetchPage).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    await flush();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'joh', pageNumber: 0 }));

    await user.clear(screen.getByRole('searchbox'));
    act(() => jest.advanceTimersByTime(375));
    await flush();
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ query: '' }));
  });

  it('asks the server for another page and another sort', async () => {
    const fetchPage = serverWith(25);
    render(<PagedList<User> fetchPage={fetchPage} columns={COLUMNS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('user 24')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ pageNumber: 2 }));
    expect(screen.getAllByRole('row')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(await screen.findByText('user 0')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageNumber: 0, sort: 'name', sortDirection: 'DESC' }),
    );
  });

  it('without pagination says there are more results than shown', async () => {
    render(<PagedList<User> fetchPage={serverWith(12)} columns={COLUMNS} paginate={false} />);
    await flush();
    expect(
      screen.getByText('There are more results than shown, please refine your search.'),
    ).toBeInTheDocument();
  });

  it("shows a search's capped total as 1000+ and asks for a narrower search, and an exact one as it is", async () => {
    const { unmount } = render(
      <PagedList<User> title="Users" fetchPage={serverWith(1001)} columns={COLUMNS} cappedTotal />,
    );
    await flush();
    expect(screen.getByRole('heading', { name: 'Users (1000+)' })).toBeInTheDocument();
    expect(
      screen.getByText('There are more results than shown, please refine your search.'),
    ).toBeInTheDocument();
    unmount();

    render(<PagedList<User> title="Users" fetchPage={serverWith(1000)} columns={COLUMNS} cappedTotal />);
    await flush();
    expect(screen.getByRole('heading', { name: 'Users (1000)' })).toBeInTheDocument();
    expect(screen.queryByText(/There are more results than shown/)).not.toBeInTheDocument();
  });

  it('shows a total it was not told is capped as the server answers it', async () => {
    render(<PagedList<User> title="Roles" fetchPage={serverWith(5000)} columns={COLUMNS} />);
    await flush();
    expect(screen.getByRole('heading', { name: 'Roles (5000)' })).toBeInTheDocument();
    expect(screen.queryByText(/There are more results than shown/)).not.toBeInTheDocument();
  });

  it('shows the empty text and a failure', async () => {
    const { unmount } = render(
      <PagedList<User> fetchPage={serverWith(0)} columns={COLUMNS} emptyText="No users found" />,
    );
    await flush();
    expect(screen.getByText('No users found')).toBeInTheDocument();
    unmount();
    render(<PagedList<User> fetchPage={() => Promise.reject(new Error('down'))} columns={COLUMNS} />);
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
  });
});
