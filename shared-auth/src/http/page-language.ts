import { LANGUAGE_COOKIE_META, resolveLanguage } from '../rules/language.js';
import type { Locale } from '../rules/types.js';

/**
 * The page's lang cookie for resolveLanguage: the language the server wrote into the page for it (its
 * LANGUAGE_COOKIE_META element, empty without the cookie), else the page's whole `document.cookie`.
 * A fresh page's first read of `document.cookie` waits on the browser's cookie store (tens of
 * milliseconds of a cold start, the page held all the while); a page our server sent says the same
 * without asking. Only for choosing the language a page starts in: the cookie changes only when the
 * language is switched, which loads the page again (shared-ui switchLanguage).
 */
export function pageLanguageCookie(page: Document = document): string {
  const carried = page.querySelector<HTMLMetaElement>(`meta[name="${LANGUAGE_COOKIE_META}"]`);
  return carried === null ? page.cookie : carried.content;
}

/** The page's language before i18next runs: the lang query, then the lang cookie, then the browser's. */
export function pageLanguage(
  page: { search: string; cookie: string; browser: string | null } = {
    search: window.location.search,
    cookie: pageLanguageCookie(),
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  },
): Locale {
  return resolveLanguage({ query: page.search, cookie: page.cookie, browser: page.browser });
}
