import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { fetchApplicationRoles } from '../resources/roles.resource';
import * as personas from '../test-support/personas';
import { renderAt, setUpRoles } from '../test-support/render';
import { wikiRole } from '../test-support/roles.fixture';
import en from '../translations/en.json';
import ApplicationPage from './application.page';

jest.mock('../resources/roles.resource', () => {
  const { useLoad } = jest.requireActual('shared-ui');
  const fetchApplicationRoles = jest.fn();
  return {
    fetchApplicationRoles,
    useApplicationRoles: (id: string) => useLoad(() => fetchApplicationRoles(id), [id]),
  };
});
const roles = fetchApplicationRoles as jest.MockedFunction<typeof fetchApplicationRoles>;
const ROUTE = '/applications/:manageId';

function StateShown() {
  const location = useLocation();
  return <p>New role for {(location.state as { manageId: string }).manageId}</p>;
}

describe('application page', () => {
  it("lists the application's roles, searchable, and opens one", async () => {
    roles.mockResolvedValue([
      wikiRole,
      { ...wikiRole, id: 9, name: 'Wiki Readers', description: 'Read only' },
    ]);
    await setUpRoles(personas.institutionAdmin);
    renderAt('/applications/app-wiki', <ApplicationPage />, ROUTE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Research Wiki (Harderwijk University)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Roles (2)' })).toBeInTheDocument();
    expect(roles).toHaveBeenCalledWith('app-wiki');
    await userEvent.type(screen.getByRole('searchbox'), 'read only');
    expect(screen.getByRole('heading', { name: 'Roles (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Wiki Readers'));
    expect(screen.getByText('Landed at /roles/9')).toBeInTheDocument();
  });

  it('passes the application on to a new role', async () => {
    roles.mockResolvedValue([]);
    await setUpRoles(personas.institutionAdmin);
    render(
      <MemoryRouter initialEntries={['/applications/app-wiki']}>
        <Routes>
          <Route path={ROUTE} element={<ApplicationPage />} />
          <Route path="/role/new" element={<StateShown />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('No roles found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.newRole }));
    expect(screen.getByText('New role for app-wiki')).toBeInTheDocument();
  });

  it('sends a manager to /404 and a failed load to /', async () => {
    await setUpRoles(personas.manager);
    const { unmount } = renderAt('/applications/app-wiki', <ApplicationPage />, ROUTE);
    expect(screen.getByText('Not found page')).toBeInTheDocument();
    unmount();
    roles.mockRejectedValue(new Error('403'));
    await setUpRoles(personas.institutionAdmin);
    renderAt('/applications/app-wiki', <ApplicationPage />, ROUTE);
    expect(await screen.findByText('Landed at /')).toBeInTheDocument();
  });
});
