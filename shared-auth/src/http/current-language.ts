import i18next from 'i18next';
import { resolveLanguage } from '../rules/language.js';
import type { Locale } from '../rules/types.js';
import { pageLanguage } from './page-language.js';

/** The language for Accept-Language: i18next's once it runs, else the lang query / cookie / browser. */
export function currentLanguage(): Locale {
  if (i18next.isInitialized && i18next.language) return resolveLanguage({ query: i18next.language });
  if (typeof window === 'undefined') return 'en';
  return pageLanguage();
}
