// What a remote publishes before its code is loaded (the remote contract, shared-ui/src/contract.ts):
// its routes and slot entries, read from the remote's one source `src/contributions.meta.ts`, with each
// entry's label looked up in the remote's translations, and the contract version it is built against.
// The webpack build puts the result in mf-manifest.json under metaData.portal; the shell's tests use the
// same function, so what they see is what the build publishes.
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const { contractVersion: CONTRACT_VERSION } = require('../shared-ui/contract-version.json');
const LANGUAGES = ['en', 'nl'];

/**
 * Reads a remote's `src/contributions.meta.ts` (plain data importing only types) without bundling it.
 * @param {string} file
 */
function readMetaSource(file) {
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  const refuse = (name) => {
    throw new Error(`${file} may import types only, not ${name}: the build reads it without bundling`);
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, refuse);
  return module.exports.default;
}

/**
 * The published metadata of a remote. `routes` and `extensions` may be arrays or keyed objects; extra
 * properties (lazy elements and components) are left out.
 * @param {{ id: string, routes: object, extensions: object }} source
 * @param {{ en: Record<string, string>, nl: Record<string, string> }} translations
 * @param {string} [contractVersion]
 */
function publishedMetadata(source, translations, contractVersion = CONTRACT_VERSION) {
  if (!source || typeof source.id !== 'string' || !source.id) throw new Error('the metadata has no id');
  const routes = Object.values(source.routes ?? {}).map(({ path: routePath, access }) => {
    if (access !== 'public' && access !== 'authenticated')
      throw new Error(`route ${routePath} of ${source.id}: access must be public or authenticated`);
    return { path: routePath, access };
  });
  const extensions = Object.values(source.extensions ?? {}).map((extension) => {
    const { slot, id, order, labelKey, visibleRule, href } = extension;
    const label = {};
    for (const language of LANGUAGES) {
      const text = translations[language]?.[labelKey];
      if (typeof text !== 'string' || !text)
        throw new Error(`${source.id}: ${slot} entry ${id} names label ${labelKey}, missing in ${language}`);
      label[language] = text;
    }
    return { slot, id, order, label, visibleRule, ...(href ? { href } : {}) };
  });
  return { id: source.id, contractVersion, routes, extensions };
}

/**
 * The metadata of the remote in `dir`, from its meta source and its translation files.
 * @param {string} dir the remote's package folder
 */
function remoteMetadata(dir) {
  const source = readMetaSource(path.join(dir, 'src', 'contributions.meta.ts'));
  const translations = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(fs.readFileSync(path.join(dir, 'src', 'translations', `${language}.json`), 'utf8')),
    ]),
  );
  return publishedMetadata(source, translations);
}

module.exports = { CONTRACT_VERSION, publishedMetadata, readMetaSource, remoteMetadata };
