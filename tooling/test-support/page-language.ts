/**
 * A page that carries its lang cookie's language as our server writes it (server/src/routes/static.ts
 * languageCookieMeta), for the length of `run`: `content` is `nl`, `en`, or empty (the request had no
 * lang cookie). Answers what `run` answers; the element is removed afterwards, also when `run` throws.
 */
import { LANGUAGE_COOKIE_META } from 'shared-auth/rules';

export async function withCarriedLanguageCookie<T>(content: string, run: () => T | Promise<T>): Promise<T> {
  const carried = document.createElement('meta');
  carried.name = LANGUAGE_COOKIE_META;
  carried.content = content;
  document.head.append(carried);
  try {
    return await run();
  } finally {
    carried.remove();
  }
}
