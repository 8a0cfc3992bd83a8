// The texts a user sees, read from the packages' own translation files, so the journeys follow the product's
// wording instead of copying it (the served release's files when E2E_STATIC_DIR names another build).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

const PACKAGES = {
  shell: 'shell',
  'shared-ui': 'shared-ui',
  roles: 'mfe-roles',
  invitations: 'mfe-invitations',
  system: 'mfe-system',
  tokens: 'mfe-tokens',
};
const CANDIDATE_DIRS = ['src/translations', 'src/i18n', 'translations'];

/** @type {Map<string, Record<string, unknown>>} */
const cache = new Map();

/**
 * @param {keyof typeof PACKAGES} pkg
 * @param {'en' | 'nl'} lang
 * @returns {Record<string, unknown>}
 */
function load(pkg, lang) {
  const cacheKey = `${pkg}/${lang}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const folder = PACKAGES[pkg];
  // The texts of the bundles the server serves: with E2E_STATIC_DIR (tooling/version-pairs.mjs) a package
  // may come from another release than this checkout, and shows that release's wording.
  const served = process.env.E2E_STATIC_DIR;
  const root = served && existsSync(join(served, folder)) ? served : ROOT;
  const file = CANDIDATE_DIRS.map((dir) => join(root, folder, dir, `${lang}.json`)).find((f) =>
    existsSync(f),
  );
  if (!file)
    throw new Error(`No ${lang} translations found for ${folder} (looked in ${CANDIDATE_DIRS.join(', ')}).`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  cache.set(cacheKey, data);
  return data;
}

/**
 * The translated text of `key` (flat key, or a dotted path into nested JSON), with {{name}} placeholders
 * filled from `values`. With a numeric `values.count`, the plural form i18next would choose
 * (`key_one`, `key_other`) when the key itself has none.
 * @param {keyof typeof PACKAGES} pkg
 * @param {string} key
 * @param {{ lang?: 'en' | 'nl', values?: Record<string, string | number> }} [options]
 */
export function text(pkg, key, { lang = 'en', values = {} } = {}) {
  const data = load(pkg, lang);
  /** @type {unknown} */
  let value = data[key];
  if (value === undefined && typeof values.count === 'number')
    value = data[`${key}_${new Intl.PluralRules(lang).select(values.count)}`] ?? data[`${key}_other`];
  if (value === undefined) {
    value = key
      .split('.')
      .reduce(
        (/** @type {unknown} */ node, part) =>
          node && typeof node === 'object' ? /** @type {Record<string, unknown>} */ (node)[part] : undefined,
        data,
      );
  }
  if (typeof value !== 'string')
    throw new Error(`Translation ${pkg}:${key} (${lang}) is missing in ${PACKAGES[pkg]}.`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name) =>
    name in values ? String(values[name]) : match,
  );
}

/** Whether the translation exists (for texts a package may not have yet). */
export function hasText(
  /** @type {keyof typeof PACKAGES} */ pkg,
  /** @type {string} */ key,
  lang = /** @type {'en' | 'nl'} */ ('en'),
) {
  try {
    text(pkg, key, { lang });
    return true;
  } catch {
    return false;
  }
}

/** A RegExp matching `value` exactly (whole string), for accessible-name matching. */
export function exactly(/** @type {string} */ value) {
  return new RegExp(`^\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
