import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import type { User } from 'shared-auth';
import { registerTranslations } from 'shared-ui';
import contributions from './contributions';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderRoute(path: string, user: Partial<User>, performanceSeedAllowed = false) {
  registerTranslations(contributions.id, contributions.translations);
  act(() => {
    useSessionStore.setState({
      authenticated: true,
      config: { authenticated: true, performanceSeedAllowed },
      user: { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...user },
    });
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {contributions.routes.map(({ path: routePath, element: Page }) => (
          <Route key={routePath} path={routePath} element={<Page />} />
        ))}
        <Route path="404" element={<p>not found</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('mfe-system contributions', () => {
  it('opens the cron tab by default for a super user', async () => {
    renderRoute('/system', { superUser: true });
    expect(await screen.findByRole('heading', { name: 'System' })).toBeInTheDocument();
    expect(screen.getByText(/trigger the cleanup and the expiry notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Performance seed' })).not.toBeInTheDocument();
  });

  it('offers the performance seed tab only when the config allows it', async () => {
    renderRoute('/system/seed', { superUser: true }, true);
    expect(await screen.findByText(/fill the database with generated data/)).toBeInTheDocument();
  });

  it('sends everyone but super users to /404', async () => {
    renderRoute('/system/cron', { institutionAdmin: true });
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/404');
  });

  it('titles the history page with the name it is given', async () => {
    renderRoute('/audit-logs/7?name=Wiki%20editors&back=%2Froles%2F7', { superUser: true });
    expect(await screen.findByRole('heading', { name: 'History of Wiki editors' })).toBeInTheDocument();
  });
});
