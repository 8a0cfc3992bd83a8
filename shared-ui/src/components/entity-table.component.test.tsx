jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setUpTexts } from 'test-support/i18n';
import type { RowKey } from './data-table.component';
import { EntityTable } from './entity-table.component';

beforeAll(() => setUpTexts());

interface Row {
  id: number;
  name: string | null;
  description: string;
  end_date: number | null;
}

const ROWS: Row[] = [
  { id: 1, name: 'beta', description: 'Wiki access', end_date: 300 },
  { id: 2, name: null, description: 'no name', end_date: null },
  { id: 3, name: 'Alpha', description: 'Mail', end_date: 100 },
];

const COLUMNS = [
  { key: 'name', header: 'Name' },
  { key: 'description', header: 'Description' },
  {
    key: 'end_date',
    header: 'End date',
    render: (row: Row) => (row.end_date ? `day ${row.end_date}` : 'never'),
  },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
}

describe('EntityTable', () => {
  it('shows the title with the count and searches case-insensitively over the configured attributes', async () => {
    render(
      <EntityTable
        title="Roles"
        entities={ROWS}
        columns={COLUMNS}
        searchAttributes={['name', 'description']}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Roles (3)' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'WIKI');
    expect(names()).toEqual(['beta']);
    expect(screen.getByRole('heading', { name: 'Roles (1)' })).toBeInTheDocument();
  });

  it('shows the no-entities text when nothing matches, and a loader while loading', async () => {
    const { rerender } = render(
      <EntityTable
        entities={ROWS}
        columns={COLUMNS}
        searchAttributes={['name']}
        emptyText="No roles found"
      />,
    );
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText('No roles found')).toBeInTheDocument();
    rerender(<EntityTable entities={[]} columns={COLUMNS} loading emptyText="No roles found" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('No roles found')).not.toBeInTheDocument();
  });

  it('sorts with empty values lowest and toggles the direction', async () => {
    render(<EntityTable entities={ROWS} columns={COLUMNS} defaultSort="name" />);
    expect(names()).toEqual(['', 'Alpha', 'beta']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['beta', 'Alpha', '']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts an empty _date value last ascending, as the maximum number', async () => {
    render(<EntityTable entities={ROWS} columns={COLUMNS} />);
    await userEvent.click(screen.getByRole('button', { name: /End date/ }));
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2].textContent),
    ).toEqual(['day 100', 'day 300', 'never']);
  });

  it('pages through 10 rows at a time and goes back to page 1 on a new search', async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({
      id: i,
      name: `role ${String(i).padStart(2, '0')}`,
      description: '',
      end_date: null,
    }));
    render(<EntityTable entities={many} columns={COLUMNS} defaultSort="name" searchAttributes={['name']} />);
    expect(names()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(['role 20', 'role 21', 'role 22']);
    await userEvent.type(screen.getByRole('searchbox'), 'role');
    expect(names()[0]).toBe('role 00');
  });

  it('opens a row on click and on Enter, but not from a link inside it', async () => {
    const onRowClick = jest.fn();
    const columns = [
      ...COLUMNS,
      { key: 'link', header: 'Link', sortable: false, render: () => <button type="button">inner</button> },
    ];
    render(<EntityTable entities={ROWS} columns={columns} onRowClick={onRowClick} defaultSort="name" />);
    await userEvent.click(screen.getByText('Alpha'));
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[2]);
    await userEvent.click(screen.getAllByRole('button', { name: 'inner' })[0]);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    screen.getAllByRole('row')[3].focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);
  });

  it('leaves rows that may not be opened unclickable and out of the tab order', async () => {
    const onRowClick = jest.fn();
    render(
      <EntityTable
        entities={ROWS}
        columns={COLUMNS}
        onRowClick={onRowClick}
        canOpenRow={(row) => row.name !== 'Alpha'}
        defaultSort="name"
      />,
    );
    const alpha = screen.getByText('Alpha').closest('tr');
    expect(alpha).not.toHaveClass('clickable');
    expect(alpha).not.toHaveAttribute('tabindex');
    await userEvent.click(screen.getByText('Alpha'));
    expect(onRowClick).not.toHaveBeenCalled();
    const other = screen.getByText('beta').closest('tr') as HTMLElement;
    expect(other).toHaveClass('clickable');
    await userEvent.click(other);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('has a new button that runs a function or navigates', async () => {
    const onClick = jest.fn();
    const { unmount } = render(
      <EntityTable entities={ROWS} columns={COLUMNS} newEntity={{ label: 'New role', onClick }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New role' }));
    expect(onClick).toHaveBeenCalled();
    unmount();
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="/home"
            element={
              <EntityTable
                entities={ROWS}
                columns={COLUMNS}
                newEntity={{ label: 'New role', path: '/role/new' }}
              />
            }
          />
          <Route path="/role/new" element={<p>role form</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New role' }));
    expect(screen.getByText('role form')).toBeInTheDocument();
  });

  it('selects only the rows the user may act on', async () => {
    function Harness() {
      const [selected, setSelected] = useState<RowKey[]>([]);
      return (
        <>
          <EntityTable
            entities={ROWS}
            columns={COLUMNS}
            defaultSort="name"
            selection={{
              selected,
              onChange: setSelected,
              isAllowed: (row) => row.id !== 3,
              rowName: (row) => row.name ?? row.description,
            }}
          />
          <output>{selected.join(',')}</output>
        </>
      );
    }
    render(<Harness />);
    // Each checkbox is named after its row (issue 42), in the order shown (no name sorts first).
    const boxes = screen.getAllByRole('checkbox', { name: /^Select (?!all)/ });
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Select no name',
      'Select Alpha',
      'Select beta',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).toBeDisabled(); // id 3
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(document.querySelector('output')).toHaveTextContent('2,1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select no name' }));
    expect(document.querySelector('output')).toHaveTextContent(/^1$/);
  });

  it('names the checkboxes of a remote built before rowName existed by the row itself, without failing', () => {
    // A previous release's remote passes a selection without rowName (this shell's shared-ui runs its table).
    const legacy = { selected: [], onChange: () => undefined } as unknown as Parameters<
      typeof EntityTable<Row>
    >[0]['selection'];
    render(<EntityTable entities={ROWS} columns={COLUMNS} defaultSort="name" selection={legacy} />);
    const boxes = screen.getAllByRole('checkbox', { name: /^Select (?!all)/ });
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Select 2',
      'Select Alpha',
      'Select beta',
    ]);
  });

  it("makes a linked column's cell a link to the row's page, and the row no tab stop of its own", async () => {
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Routes>
          <Route
            path="/list"
            element={
              <EntityTable
                entities={ROWS}
                columns={[
                  {
                    key: 'name',
                    header: 'Name',
                    link: (row: Row) => (row.name ? `/rows/${row.id}` : undefined),
                  },
                  { key: 'description', header: 'Description' },
                ]}
                defaultSort="name"
              />
            }
          />
          <Route path="/rows/:id" element={<p>row page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Alpha' });
    expect(link).toHaveAttribute('href', '/rows/3');
    expect(link.closest('tr')).not.toHaveAttribute('tabindex');
    // A row without a link is not clickable at all.
    expect(screen.getByText('no name').closest('tr')).not.toHaveClass('clickable');
    // A click elsewhere on the row follows its link.
    await userEvent.click(screen.getByText('Wiki access'));
    expect(screen.getByText('row page')).toBeInTheDocument();
  });
});
