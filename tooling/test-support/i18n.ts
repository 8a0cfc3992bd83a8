// i18n for the front end's component tests (`test-support/i18n`): shared-ui's setup with the texts a test
// needs, by namespace.
import { i18n, initI18n, registerTranslations } from 'shared-ui/core';

export type Texts = Parameters<typeof registerTranslations>[1];

/** Starts i18n and registers each namespace's texts (the language stays what it was). */
export function registerTexts(namespaces: Record<string, Texts> = {}): void {
  initI18n();
  for (const [namespace, texts] of Object.entries(namespaces)) registerTranslations(namespace, texts);
}

/** registerTexts, then switches to `language` (English unless told). */
export async function setUpTexts(
  namespaces: Record<string, Texts> = {},
  language: 'en' | 'nl' = 'en',
): Promise<void> {
  registerTexts(namespaces);
  await i18n.changeLanguage(language);
}
