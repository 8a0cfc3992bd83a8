import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reportError, useSessionStore } from 'shared-auth';
import type { Translations } from '../contract';
import en from '../translations/en.json';
import { detectLanguage } from './language';

/** shared-ui's own namespace. */
export const UI_NAMESPACE = 'ui';

/**
 * The one i18next instance. i18next is a Module Federation singleton, so the shell and every remote see
 * the same instance and the same language.
 */
export const i18n = i18next;

const reported = new Set<string>();

function isLoggedIn(): boolean {
  const { authenticated, user } = useSessionStore.getState();
  return Boolean(authenticated && user && typeof user.id === 'number');
}

/** Tells the server about a key missing in a language, once per key, and only for a logged-in user. */
function reportMissingKey(_languages: readonly string[], namespace: string, key: string): void {
  const id = `${namespace}:${key}`;
  if (reported.has(id) || !isLoggedIn()) return;
  reported.add(id);
  void reportError({ 'Missing translation': key });
}

/** Texts fetched when their language is needed: `Translations` as a JSON module's dynamic import. */
export type LazyTranslations = () => Promise<{ default: Translations }>;

// English is bundled (it is every text's fallback); Dutch is its own chunk per namespace, fetched only on a
// Dutch page (switching the language reloads the page), so an English first load does not carry it.
const lazyTexts = new Map<string, LazyTranslations>([
  [`nl|${UI_NAMESPACE}`, () => import('../translations/nl.json')],
]);

/** i18next's loader for a language's namespace: the lazy texts registered for it, else nothing. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyTexts.get(`${language}|${namespace}`);
    if (!load) {
      callback(null, null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Initialises i18next once (later calls return the same instance): language from detectLanguage(),
 * English as fallback, shared-ui's texts under the `ui` namespace.
 */
export function initI18n(): typeof i18next {
  if (i18n.isInitialized) return i18n;
  // Screen readers pick their voice from <html lang>; keep it in step with the interface language.
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      fallbackLng: 'en',
      supportedLngs: ['en', 'nl'],
      ns: [UI_NAMESPACE],
      defaultNS: UI_NAMESPACE,
      resources: { en: { [UI_NAMESPACE]: en } },
      // The resources are only part of the texts: the lazy backend above supplies the others.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: reportMissingKey,
    });
  return i18n;
}

/**
 * Adds (or replaces) a namespace with its English and Dutch texts. The Dutch ones may be lazy (the shell's
 * are): they are fetched when a Dutch page needs them (see loadLanguageTexts).
 */
export function registerTranslations(
  namespace: string,
  translations: { en: Translations; nl: Translations | LazyTranslations },
): void {
  initI18n();
  i18n.addResourceBundle('en', namespace, translations.en, true, true);
  if (typeof translations.nl === 'function') lazyTexts.set(`nl|${namespace}`, translations.nl);
  else i18n.addResourceBundle('nl', namespace, translations.nl, true, true);
}

/**
 * Fetches the lazy texts of the page's language (nothing for English) and resolves once i18next shows
 * them: call it before rendering, so a Dutch page never flashes English.
 */
export async function loadLanguageTexts(): Promise<void> {
  initI18n();
  const { language } = i18n;
  const namespaces = [...lazyTexts.keys()]
    .filter((key) => key.startsWith(`${language}|`))
    .map((key) => key.slice(language.length + 1));
  if (namespaces.length === 0) return;
  await i18n.loadNamespaces(namespaces);
  // i18next settled on English while the page's language had no texts yet; choose it again now.
  await i18n.changeLanguage(language);
}
