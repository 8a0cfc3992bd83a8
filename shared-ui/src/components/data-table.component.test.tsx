jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n, loadLanguageTexts } from '../i18n/i18n';
import { setUpTexts } from 'test-support/i18n';
import { DataTable } from './data-table.component';

beforeAll(() => setUpTexts());

const rows = [{ id: 1, name: 'Gina Guest', email: 'gina@example.org' }];
const columns = [
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'E-mail' },
];

/** jsdom lays nothing out: the box is given the widths a 390 px phone (or a desktop) would give it. */
function widths(scrollWidth: number, clientWidth: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

function renderTable() {
  return render(
    <MemoryRouter>
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(row) => row.id}
        sortDirection="asc"
        onSort={() => undefined}
        idPrefix="members"
        label="Members (1)"
      />
    </MemoryRouter>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('DataTable on a narrow screen (issue 55)', () => {
  it('says that it scrolls sideways, and is a named region a keyboard user can reach', () => {
    widths(640, 350);
    renderTable();
    const box = screen.getByRole('region', { name: 'Members (1)' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAccessibleDescription('Scroll sideways to see all columns.');
    expect(screen.getByText('Scroll sideways to see all columns.')).toBeVisible();
    expect(box.parentElement).toHaveClass('ui-data-table-more');
  });

  it('says nothing of scrolling when the table fits', () => {
    widths(350, 350);
    renderTable();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText('Scroll sideways to see all columns.')).not.toBeInTheDocument();
    expect(screen.getByRole('table').closest('[tabindex]')).toBeNull();
  });

  it('says it in Dutch', async () => {
    await i18n.changeLanguage('nl');
    await loadLanguageTexts();
    try {
      widths(640, 350);
      renderTable();
      expect(screen.getByRole('region', { name: 'Members (1)' })).toHaveAccessibleDescription(
        'Schuif opzij om alle kolommen te zien.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
