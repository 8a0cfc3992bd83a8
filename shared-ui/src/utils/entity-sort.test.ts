import { matchesSearch, sortEntities } from './entity-sort';
import { paginationWindow, totalPages } from './pagination';

describe('entity search', () => {
  const role = { name: 'Research Lab', description: 'Access to THE wiki', application: { name: 'Wiki' } };

  it('matches a case-insensitive substring in any configured attribute', () => {
    expect(matchesSearch(role, ['name', 'description'], 'the WIKI')).toBe(true);
    expect(matchesSearch(role, ['application.name'], 'wik')).toBe(true);
    expect(matchesSearch(role, ['name'], 'wiki')).toBe(false);
    expect(matchesSearch(role, ['name'], '   ')).toBe(true);
  });
});

describe('entity sort', () => {
  const rows = [
    { name: 'beta', end_date: 300 },
    { name: '', end_date: null },
    { name: 'Alpha', end_date: 100 },
    { name: null, end_date: 200 },
  ];

  it('sorts case-insensitively with empty values lowest', () => {
    expect(sortEntities(rows, 'name', 'asc').map((r) => r.name)).toEqual(['', null, 'Alpha', 'beta']);
    expect(sortEntities(rows, 'name', 'desc').map((r) => r.name)).toEqual(['beta', 'Alpha', '', null]);
  });

  it('sorts an empty _date value as the maximum number', () => {
    expect(sortEntities(rows, 'end_date', 'asc').map((r) => r.end_date)).toEqual([100, 200, 300, null]);
    expect(sortEntities(rows, 'end_date', 'desc').map((r) => r.end_date)).toEqual([null, 300, 200, 100]);
  });
});

describe('pagination window', () => {
  it('counts pages rounding up', () => {
    expect(totalPages(21, 10)).toBe(3);
    expect(totalPages(20, 10)).toBe(2);
  });

  it('shows first, last, two either side and ellipses for gaps', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(paginationWindow(6, 12)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
  });
});
