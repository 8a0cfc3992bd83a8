import type { Translations } from '../contract';

/**
 * Keys present in one language and not in the other, and keys whose text is blank in either; empty lists
 * mean the two languages are in step.
 */
export function translationParityProblems(
  en: Translations,
  nl: Translations,
): { missingInNl: string[]; missingInEn: string[]; empty: string[] } {
  const blank = (texts: Translations) =>
    Object.entries(texts)
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
  return {
    missingInNl: Object.keys(en).filter((key) => !(key in nl)),
    missingInEn: Object.keys(nl).filter((key) => !(key in en)),
    empty: [...new Set([...blank(en), ...blank(nl)])],
  };
}

/**
 * Throws when a key exists in one language and not the other, or has a blank text, naming the keys. Every
 * package calls it from one test on its own namespace.
 */
export function assertTranslationParity(en: Translations, nl: Translations): void {
  const { missingInNl, missingInEn, empty } = translationParityProblems(en, nl);
  const problems = [
    ...missingInNl.map((key) => `'${key}' is missing in nl`),
    ...missingInEn.map((key) => `'${key}' is missing in en`),
    ...empty.map((key) => `'${key}' is empty`),
  ];
  if (problems.length > 0) throw new Error(`Translations out of step: ${problems.join(', ')}`);
}
