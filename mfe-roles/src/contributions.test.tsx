import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initialSessionState, visibilityRule } from 'shared-auth';
import type { SessionState, User } from 'shared-auth';
import { registerTranslations } from 'shared-ui';
import contributions from './contributions';

function renderRoute(path: string) {
  registerTranslations(contributions.id, contributions.translations);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {contributions.routes.map(({ path: routePath, element: Page }) => (
          <Route key={routePath} path={routePath} element={<Page />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

function session(user: Partial<User>): SessionState {
  return {
    ...initialSessionState,
    authenticated: true,
    user: { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...user },
  };
}

describe('mfe-roles contributions', () => {
  it('owns the role, application and inviter routes, all behind login', () => {
    expect(contributions.routes.map((route) => [route.path, route.access])).toEqual([
      ['roles/:id/:tab?', 'authenticated'],
      ['role/:id', 'authenticated'],
      ['applications/:manageId', 'authenticated'],
      ['inviter', 'authenticated'],
    ]);
  });

  it('adds home tabs by the visibility rules of spec §2', () => {
    const visibleFor = (user: Partial<User>) =>
      contributions.extensions
        .filter((ext) => ext.slot === 'home.tabs' && visibilityRule(ext.visibleRule)?.(session(user).user))
        .map((ext) => ext.id);
    expect(visibleFor({ superUser: true })).toEqual(['roles', 'users', 'applications']);
    expect(
      visibleFor({ institutionAdmin: true, organizationGUID: 'g', applications: [{ id: 'wiki' }] }),
    ).toEqual(['roles', 'applications', 'applicationUsers']);
    expect(visibleFor({ authority: 'MANAGER' })).toEqual(['roles']);
  });

  it('shows the role detail frame with the tab defaulting to users', async () => {
    renderRoute('/roles/3');
    expect(await screen.findByRole('heading', { name: 'Role 3' })).toBeInTheDocument();
    expect(screen.getByText(/the role's applications and its users/)).toBeInTheDocument();
    // The breadcrumb (shared-ui, from the session's breadcrumb path).
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/home/roles');
  });

  it('names the chosen role detail tab', async () => {
    renderRoute('/roles/3/maintainers');
    expect(await screen.findByText(/the role's applications and its maintainers/)).toBeInTheDocument();
  });

  it('titles the role form by create or edit mode', async () => {
    renderRoute('/role/new');
    expect(await screen.findByRole('heading', { name: 'New role' })).toBeInTheDocument();
  });

  it('shows the application page and the inviter home', async () => {
    renderRoute('/applications/wiki');
    expect(await screen.findByRole('heading', { name: 'Application wiki' })).toBeInTheDocument();
  });
});
