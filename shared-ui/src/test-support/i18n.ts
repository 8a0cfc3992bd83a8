import { i18n, initI18n } from '../i18n/i18n';

/** Initialises i18n in English for a component test (needs 'shared-auth' mocked). */
export async function setUpEnglish(): Promise<void> {
  initI18n();
  await i18n.changeLanguage('en');
}
