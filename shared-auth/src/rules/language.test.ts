import { chosenLanguage, readCookie, readQueryParameter, resolveLanguage } from './language.js';

describe('resolveLanguage', () => {
  test.each([
    ['query wins', { query: 'nl', cookie: 'en', browser: 'en-US' }, 'nl'],
    ['query in a search string', { query: '?foo=1&lang=nl', cookie: 'en' }, 'nl'],
    ['cookie next', { query: null, cookie: 'nl', browser: 'en-GB' }, 'nl'],
    ['cookie in a cookie header', { cookie: 'a=1; lang=nl; b=2', browser: 'en' }, 'nl'],
    ['search string without lang falls through', { query: '?foo=1', cookie: 'x=1', browser: 'nl-NL' }, 'nl'],
    ['browser last, region stripped', { browser: 'nl-BE' }, 'nl'],
    ['browser upper case', { browser: 'NL' }, 'nl'],
    ['unknown query falls back to en, not to the cookie', { query: 'de', cookie: 'nl' }, 'en'],
    ['unknown browser language', { browser: 'fr-FR' }, 'en'],
    ['nothing at all', {}, 'en'],
    ['empty values are skipped', { query: '', cookie: ' ', browser: 'nl' }, 'nl'],
  ])('%s', (_name, sources, expected) => {
    expect(resolveLanguage(sources)).toBe(expected);
  });
});

describe('readCookie and readQueryParameter', () => {
  test.each([
    ['lang=nl', 'lang', 'nl'],
    ['a=b; lang=en', 'lang', 'en'],
    ['xlang=nl', 'lang', null],
    ['', 'lang', null],
    ['name=J%C3%BCrgen', 'name', 'Jürgen'],
  ])('cookie %p %s', (cookies, name, expected) => {
    expect(readCookie(cookies, name)).toBe(expected);
  });

  test.each([
    ['?lang=nl', 'lang', 'nl'],
    ['hash=abc&force=true', 'force', 'true'],
    ['?q=a+b%21', 'q', 'a b!'],
    ['?flag', 'flag', ''],
    ['?other=1', 'lang', null],
  ])('query %p %s', (search, name, expected) => {
    expect(readQueryParameter(search, name)).toBe(expected);
  });
});

describe('chosenLanguage', () => {
  test('nl or en from one value, anything else en, nothing from a blank one', () => {
    expect(chosenLanguage('nl')).toBe('nl');
    expect(chosenLanguage(' NL-be ')).toBe('nl');
    expect(chosenLanguage('en-GB')).toBe('en');
    expect(chosenLanguage('fr')).toBe('en');
    expect(chosenLanguage('nl=x')).toBe('nl');
    expect(chosenLanguage('  ')).toBeNull();
    expect(chosenLanguage(undefined)).toBeNull();
  });
});
