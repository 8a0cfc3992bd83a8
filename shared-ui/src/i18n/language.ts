/** The interface languages (spec §1); anything else falls back to English. */
export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** How long the language cookie lives (spec §9: 356 days, as in the established product). */
export const LANGUAGE_COOKIE_DAYS = 356;

function toLanguage(value: string | null | undefined): Language {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : 'en';
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The language to show: the `lang` query parameter, then the `lang` cookie, then the browser language.
 * The first source that is present decides; a value other than nl or en gives en.
 */
export function detectLanguage(): Language {
  const fromQuery = new URLSearchParams(window.location.search).get('lang');
  if (fromQuery) return toLanguage(fromQuery);
  const fromCookie = readCookie('lang');
  if (fromCookie) return toLanguage(fromCookie);
  return toLanguage(navigator.language);
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
  document.cookie = `lang=${language}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
  navigate(languageUrl(language));
}
