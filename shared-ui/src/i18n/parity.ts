import type { Translations } from '../contract';

/** Keys present in one language and not in the other, per language; empty lists mean parity. */
export function translationParityProblems(
  en: Translations,
  nl: Translations,
): { missingInNl: string[]; missingInEn: string[] } {
  return {
    missingInNl: Object.keys(en).filter((key) => !(key in nl)),
    missingInEn: Object.keys(nl).filter((key) => !(key in en)),
  };
}

/**
 * Throws when a key exists in one language and not the other, naming the keys. Every package calls it
 * from a test on its own namespace.
 */
export function assertTranslationParity(en: Translations, nl: Translations): void {
  const { missingInNl, missingInEn } = translationParityProblems(en, nl);
  const problems = [
    ...missingInNl.map((key) => `'${key}' is missing in nl`),
    ...missingInEn.map((key) => `'${key}' is missing in en`),
  ];
  if (problems.length > 0) throw new Error(`Translations out of step: ${problems.join(', ')}`);
}
