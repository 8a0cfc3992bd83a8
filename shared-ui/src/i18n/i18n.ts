import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { reportError, useSessionStore } from 'shared-auth';
import type { Translations } from '../contract';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
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
  void i18n.use(initReactI18next).init({
    lng: detectLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'nl'],
    ns: [UI_NAMESPACE],
    defaultNS: UI_NAMESPACE,
    resources: { en: { [UI_NAMESPACE]: en }, nl: { [UI_NAMESPACE]: nl } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: reportMissingKey,
  });
  return i18n;
}

/** Adds (or replaces) a remote's namespace with its English and Dutch texts. */
export function registerTranslations(
  namespace: string,
  translations: { en: Translations; nl: Translations },
): void {
  initI18n();
  i18n.addResourceBundle('en', namespace, translations.en, true, true);
  i18n.addResourceBundle('nl', namespace, translations.nl, true, true);
}
