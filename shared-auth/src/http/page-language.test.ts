import { withCarriedLanguageCookie } from 'test-support/page-language';
import { pageLanguage, pageLanguageCookie } from './page-language.js';

describe("the page's lang cookie", () => {
  let cookieRead: jest.SpyInstance;
  beforeEach(() => {
    document.cookie = 'lang=nl; path=/';
    cookieRead = jest.spyOn(Document.prototype, 'cookie', 'get');
  });
  afterEach(() => {
    cookieRead.mockRestore();
    document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  test('is read from document.cookie on a page the server did not say it for', () => {
    expect(pageLanguageCookie()).toContain('lang=nl');
    expect(pageLanguage({ search: '', cookie: pageLanguageCookie(), browser: 'en-GB' })).toBe('nl');
    expect(cookieRead).toHaveBeenCalled();
  });

  test("is the server's copy when the page carries one, without reading document.cookie", async () => {
    await withCarriedLanguageCookie('en', () => {
      expect(pageLanguageCookie()).toBe('en');
      expect(pageLanguage()).toBe('en');
    });
    await withCarriedLanguageCookie('nl', () =>
      expect(pageLanguage({ search: '', cookie: pageLanguageCookie(), browser: 'en' })).toBe('nl'),
    );
    expect(cookieRead).not.toHaveBeenCalled();
  });

  test('carried empty (the request had none), the browser language decides; the lang query still comes first', async () => {
    await withCarriedLanguageCookie('', () => {
      expect(pageLanguage({ search: '', cookie: pageLanguageCookie(), browser: 'nl-NL' })).toBe('nl');
      expect(pageLanguage({ search: '', cookie: pageLanguageCookie(), browser: 'de' })).toBe('en');
      expect(pageLanguage({ search: '?lang=en', cookie: pageLanguageCookie(), browser: 'nl' })).toBe('en');
    });
    expect(cookieRead).not.toHaveBeenCalled();
  });
});
