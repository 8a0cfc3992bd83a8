import type { Locale } from './types.js';

export const LANGUAGES: readonly Locale[] = ['en', 'nl'];
export const DEFAULT_LANGUAGE: Locale = 'en';
/** The cookie that keeps the language chosen in the console (spec §1 'Language choice'). */
export const LANGUAGE_COOKIE = 'lang';
/**
 * The meta element in which the server gives a page the language its lang cookie chooses (`nl`, `en`, or
 * empty without the cookie), so that the page's scripts need not read `document.cookie` to start.
 */
export const LANGUAGE_COOKIE_META = 'portal-lang-cookie';

function normalise(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase().slice(0, 2);
}

/**
 * The language one given source chooses (spec §1): nl or en, anything else en; null when it gives none
 * (blank), so that the next source decides.
 */
export function chosenLanguage(value: string | null | undefined): Locale | null {
  const chosen = normalise(value);
  if (chosen.length === 0) return null;
  return chosen === 'nl' || chosen === 'en' ? chosen : DEFAULT_LANGUAGE;
}

/**
 * Spec §1 'Language choice': the lang query parameter first, then the lang cookie, then the browser
 * language; the first one given decides, and anything but nl or en becomes en. `query` is either the
 * value of lang or a whole search string ('?lang=nl'); `cookie` the value or a whole cookie header.
 */
export function resolveLanguage(sources: {
  query?: string | null;
  cookie?: string | null;
  browser?: string | null;
}): Locale {
  const query = sources.query?.includes('=') ? readQueryParameter(sources.query, 'lang') : sources.query;
  const cookie = sources.cookie?.includes('=') ? readCookie(sources.cookie, LANGUAGE_COOKIE) : sources.cookie;
  const chosen = [query, cookie, sources.browser].map(normalise).find((value) => value.length > 0);
  return chosen === 'nl' || chosen === 'en' ? chosen : DEFAULT_LANGUAGE;
}

/** The value of one cookie in a `document.cookie` style string, or null. */
export function readCookie(cookieString: string | null | undefined, name: string): string | null {
  for (const part of (cookieString ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodePart(part.slice(separator + 1).trim());
    }
  }
  return null;
}

/** The value of one query parameter in a search string ('?a=1&lang=nl'), or null. */
export function readQueryParameter(search: string | null | undefined, name: string): string | null {
  for (const part of (search ?? '').replace(/^\?/, '').split('&')) {
    const separator = part.indexOf('=');
    const key = separator < 0 ? part : part.slice(0, separator);
    if (decodePart(key) === name) return separator < 0 ? '' : decodePart(part.slice(separator + 1));
  }
  return null;
}

function decodePart(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
