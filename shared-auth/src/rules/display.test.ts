import { authorityBadgeStyle, deriveShortName, isEmpty, userRoleExpiresSoon } from './display.js';

describe('authorityBadgeStyle', () => {
  test.each([
    ['SUPER_USER', 'status-success'],
    ['INSTITUTION_ADMIN', 'main-500'],
    ['MANAGER', 'main-400'],
    ['INVITER', 'main-100'],
    ['GUEST', 'status-default'],
    ['No member', 'status-warning'],
    ['', 'status-warning'],
    [undefined, 'status-warning'],
    [null, 'status-warning'],
  ])('%p → %s', (authority, style) => {
    expect(authorityBadgeStyle(authority)).toBe(style);
  });
});

describe('deriveShortName', () => {
  test.each([
    ['Research Group', 'research_group'],
    ['Café Crème', 'cafe_creme'],
    ['Ångström  Lab', 'angstrom_lab'],
    [' !@#$%^&*(9IIOO   UU  plp ', '9iioo_uu_plp'],
    ['  padded name\t', 'padded_name'],
    ['Team-A/B (2024)', 'teamab_2024'],
    ['Wiki.Editors', 'wiki.editors'],
    ['tab\there\nnew', 'tab_here_new'],
    ['snake_case_42', 'snake_case_42'],
    ['Ωmega ß', 'mega_'],
    ['', ''],
    [null, ''],
  ])('%p → %p', (name, shortName) => {
    expect(deriveShortName(name)).toBe(shortName);
  });
});

describe('isEmpty', () => {
  test.each([
    ['null', null, true],
    ['undefined', undefined, true],
    ['empty list', [], true],
    ['list', [0], false],
    ['empty string', '', true],
    ['whitespace', ' \t\n', true],
    ['text', ' a ', false],
    ['invalid date', new Date('nope'), true],
    ['valid date', new Date(0), false],
    ['empty object', {}, true],
    ['object', { a: undefined }, false],
    ['zero', 0, false],
    ['false', false, false],
    ['empty map', new Map(), true],
  ])('%s', (_name, value, expected) => {
    expect(isEmpty(value)).toBe(expected);
  });
});

describe('userRoleExpiresSoon', () => {
  const now = Date.UTC(2026, 5, 1, 12);
  const day = 86_400;
  const nowSeconds = now / 1000;
  test.each([
    ['tomorrow', nowSeconds + day, true],
    ['in 30 days exactly', nowSeconds + 30 * day, true],
    ['in 30 days and a second', nowSeconds + 30 * day + 1, false],
    ['in 60 days', nowSeconds + 60 * day, false],
    ['right now', nowSeconds, true],
    ['a second ago', nowSeconds - 1, false],
    ['last year', nowSeconds - 365 * day, false],
    ['no end date (null)', null, false],
    ['no end date (undefined)', undefined, false],
  ])('%s', (_name, endDate, expected) => {
    expect(userRoleExpiresSoon(endDate, now)).toBe(expected);
    expect(userRoleExpiresSoon(endDate, new Date(now))).toBe(expected);
  });
});
