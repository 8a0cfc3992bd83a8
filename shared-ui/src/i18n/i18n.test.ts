jest.mock('shared-auth', () => jest.requireActual('test-support/shared-auth.mock').sharedAuthMock());

import { reportError, useSessionStore } from 'shared-auth';
import { withCarriedLanguageCookie } from 'test-support/page-language';
import { resetStores } from 'test-support/stores';
import { i18n, initI18n, loadLanguageTexts, registerTranslations } from './i18n';
import { detectLanguage, languageUrl, switchLanguage } from './language';

const report = reportError as jest.Mock;

function clearLangCookie() {
  document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

describe('detectLanguage', () => {
  afterEach(() => {
    clearLangCookie();
    window.history.replaceState({}, '', '/');
    jest.restoreAllMocks();
  });

  it('takes the lang query parameter first', () => {
    document.cookie = 'lang=en; path=/';
    window.history.replaceState({}, '', '/home?lang=nl');
    expect(detectLanguage()).toBe('nl');
  });

  it('then the lang cookie', () => {
    document.cookie = 'lang=nl; path=/';
    expect(detectLanguage()).toBe('nl');
  });

  it("reads the lang cookie's language the server wrote into the page, not document.cookie, when there is one", async () => {
    document.cookie = 'lang=en; path=/';
    const cookieRead = jest.spyOn(Document.prototype, 'cookie', 'get');
    await withCarriedLanguageCookie('nl', () => {
      expect(detectLanguage()).toBe('nl');
      expect(cookieRead).not.toHaveBeenCalled();
    });
  });

  it('then the browser language, nl-NL counting as nl', () => {
    jest.spyOn(navigator, 'language', 'get').mockReturnValue('nl-NL');
    expect(detectLanguage()).toBe('nl');
  });

  it('falls back to en for any other language', () => {
    window.history.replaceState({}, '', '/?lang=de');
    expect(detectLanguage()).toBe('en');
    window.history.replaceState({}, '', '/');
    jest.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    expect(detectLanguage()).toBe('en');
  });
});

describe('switchLanguage', () => {
  afterEach(clearLangCookie);

  it('stores the lang cookie and reloads with ?lang=, keeping the path and other parameters', () => {
    window.history.replaceState({}, '', '/roles/3?tab=users&lang=en');
    const navigate = jest.fn();
    switchLanguage('nl', navigate);
    expect(document.cookie).toContain('lang=nl');
    expect(navigate).toHaveBeenCalledWith('http://localhost/roles/3?tab=users&lang=nl');
    window.history.replaceState({}, '', '/');
  });

  it('builds the url with the lang parameter', () => {
    expect(languageUrl('en', 'http://x.org/a#b')).toBe('http://x.org/a?lang=en#b');
  });
});

describe('i18n', () => {
  beforeEach(async () => {
    resetStores();
    report.mockClear();
    initI18n();
    await i18n.changeLanguage('en');
  });

  it('has the ui texts in both languages', async () => {
    expect(i18n.t('ui:datePicker.invalid')).toBe('Date input not valid.');
    expect(i18n.t('ui:forms.required', { attribute: 'Name' })).toBe('Name is required');
    await i18n.changeLanguage('nl');
    expect(i18n.t('ui:forms.required', { attribute: 'Naam' })).toBe('Naam is verplicht');
  });

  it('keeps <html lang> in step with the language', async () => {
    await i18n.changeLanguage('nl');
    expect(document.documentElement.lang).toBe('nl');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('adds a remote namespace', async () => {
    registerTranslations('tokens', { en: { title: 'Tokens' }, nl: { title: 'Sleutels' } });
    expect(i18n.t('tokens:title')).toBe('Tokens');
    await i18n.changeLanguage('nl');
    expect(i18n.t('tokens:title')).toBe('Sleutels');
  });

  it('fetches lazy Dutch texts only for a Dutch page, before it is shown', async () => {
    const dutch = jest.fn(async () => ({ default: { title: 'Sleutels' } }));
    registerTranslations('lazy-tokens', { en: { title: 'Tokens' }, nl: dutch });
    await loadLanguageTexts();
    expect(dutch).not.toHaveBeenCalled();
    expect(i18n.t('lazy-tokens:title')).toBe('Tokens');

    await i18n.changeLanguage('nl');
    await loadLanguageTexts();
    expect(dutch).toHaveBeenCalledTimes(1);
    expect(i18n.t('lazy-tokens:title')).toBe('Sleutels');
    expect(i18n.resolvedLanguage).toBe('nl');
  });

  it("loads shared-ui's own Dutch texts when the language changes to Dutch", async () => {
    await i18n.changeLanguage('nl');
    expect(i18n.t('ui:datePicker.invalid')).not.toBe('Date input not valid.');
    expect(i18n.hasResourceBundle('nl', 'ui')).toBe(true);
  });

  it('reports a missing key to the server once when a user is logged in', () => {
    useSessionStore.setState({
      authenticated: true,
      user: { id: 7, superUser: false, institutionAdmin: false, userRoles: [] },
    });
    i18n.t('ui:does.not.exist');
    i18n.t('ui:does.not.exist');
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ 'Missing translation': 'does.not.exist' });
  });

  it('does not report missing keys without a logged-in user', () => {
    i18n.t('ui:also.missing');
    expect(report).not.toHaveBeenCalled();
  });
});
