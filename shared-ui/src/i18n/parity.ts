import type { Translations } from '../contract';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Texts that count ("{{count}} invitees") without i18next's plural forms (issue 44: "1 invitees"), and
 * plural forms without their `_other`. A count in brackets ("Resend selected (3)") reads right for any
 * number and needs no forms.
 */
export function pluralProblems(texts: Translations): string[] {
  const problems: string[] = [];
  for (const [key, text] of Object.entries(texts)) {
    if (typeof text !== 'string') continue;
    const counts = text.replace(/\(\{\{count\}\}\)/g, '').includes('{{count}}');
    if (counts && !PLURAL_SUFFIX.test(key)) problems.push(key);
    if (PLURAL_SUFFIX.test(key) && !(`${key.replace(PLURAL_SUFFIX, '')}_other` in texts)) problems.push(key);
  }
  return problems;
}

/**
 * Keys present in one language and not in the other, keys whose text is blank in either, and counting
 * texts without plural forms; empty lists mean the two languages are in step.
 */
export function translationParityProblems(
  en: Translations,
  nl: Translations,
): { missingInNl: string[]; missingInEn: string[]; empty: string[]; plurals: string[] } {
  const blank = (texts: Translations) =>
    Object.entries(texts)
      .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
      .map(([key]) => key);
  return {
    missingInNl: Object.keys(en).filter((key) => !(key in nl)),
    missingInEn: Object.keys(nl).filter((key) => !(key in en)),
    empty: [...new Set([...blank(en), ...blank(nl)])],
    plurals: [...new Set([...pluralProblems(en), ...pluralProblems(nl)])],
  };
}

/**
 * Throws when a key exists in one language and not the other, or has a blank text, naming the keys. Every
 * package calls it from one test on its own namespace.
 */
export function assertTranslationParity(en: Translations, nl: Translations): void {
  const { missingInNl, missingInEn, empty, plurals } = translationParityProblems(en, nl);
  const problems = [
    ...plurals.map((key) => `'${key}' needs both plural forms (_one, _other)`),
    ...missingInNl.map((key) => `'${key}' is missing in nl`),
    ...missingInEn.map((key) => `'${key}' is missing in en`),
    ...empty.map((key) => `'${key}' is empty`),
  ];
  if (problems.length > 0) throw new Error(`Translations out of step: ${problems.join(', ')}`);
}
