import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  pageLanguageCookie,
  resolveLanguage,
  type Locale,
} from 'shared-auth';

/** The interface languages (spec §1): en and nl. */
export type Language = Locale;

function toLanguage(value: string | null | undefined): Language {
  return resolveLanguage({ query: value ?? null });
}

/**
 * The language to show: the `lang` query parameter, then the `lang` cookie, then the browser language.
 * The first source that is present decides; a value other than nl or en gives en.
 */
export function detectLanguage(): Language {
  return resolveLanguage({
    query: window.location.search,
    cookie: pageLanguageCookie(),
    browser: navigator.language,
  });
}

/** The current URL with its `lang` query parameter set, keeping path, other parameters and hash. */
export function languageUrl(lang: Language, href: string = window.location.href): string {
  const url = new URL(href);
  url.searchParams.set('lang', lang);
  return url.toString();
}

/**
 * Stores the choice in the `lang` cookie and reloads the page with `?lang=`, so that every remote
 * (each with its own translations) starts in the new language.
 * `navigate` exists for tests; the console always reloads.
 */
export function switchLanguage(
  lang: Language,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): void {
  const language = toLanguage(lang);
  const expires = new Date(Date.now() + LANGUAGE_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
  navigate(languageUrl(language));
}
