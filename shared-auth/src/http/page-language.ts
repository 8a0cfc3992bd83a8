import { resolveLanguage } from '../rules/language.js';
import type { Locale } from '../rules/types.js';

/** The page's language before i18next runs: the lang query, then the lang cookie, then the browser's. */
export function pageLanguage(
  page: { search: string; cookie: string; browser: string | null } = {
    search: window.location.search,
    cookie: document.cookie,
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  },
): Locale {
  return resolveLanguage({ query: page.search, cookie: page.cookie, browser: page.browser });
}
