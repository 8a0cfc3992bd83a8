import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
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

describe('mfe-invitations contributions', () => {
  it('makes invitation acceptance public and the form authenticated', () => {
    expect(contributions.routes.map((route) => [route.path, route.access])).toEqual([
      ['invitation/accept', 'public'],
      ['invitation/:id', 'authenticated'],
    ]);
  });

  it('shows the acceptance page, not the form, at invitation/accept', async () => {
    renderRoute('/invitation/accept?hash=abc');
    expect(await screen.findByRole('heading', { name: 'Your invitation' })).toBeInTheDocument();
  });

  it('titles the form for a maintainer invitation', async () => {
    renderRoute('/invitation/new?maintainer=true');
    expect(await screen.findByRole('heading', { name: 'Invite a maintainer' })).toBeInTheDocument();
  });

  it('titles the form for a new invitation', async () => {
    renderRoute('/invitation/new');
    expect(await screen.findByRole('heading', { name: 'New invitation' })).toBeInTheDocument();
  });
});
