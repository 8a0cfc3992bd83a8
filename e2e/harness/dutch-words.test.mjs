// Dutch texts use the glossary's Dutch words (docs/glossary.md): "provisioning" is "doorlevering" (issue 55),
// checked over every package's nl.json so that a new screen cannot bring the English word back.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './paths.mjs';

/** Every workspace's Dutch translations, by file. */
function dutchTranslations() {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  /** @type {[string, Record<string, string>][]} */
  const files = [];
  for (const workspace of workspaces) {
    const file = join(workspace, 'src', 'translations', 'nl.json');
    if (existsSync(join(ROOT, file))) files.push([file, JSON.parse(readFileSync(join(ROOT, file), 'utf8'))]);
  }
  return files;
}

/** The texts (file, key and text) whose words match `pattern`. */
export function textsMatching(
  /** @type {[string, Record<string, string>][]} */ files,
  /** @type {RegExp} */ pattern,
) {
  return files.flatMap(([file, texts]) =>
    Object.entries(texts)
      .filter(([, text]) => pattern.test(text))
      .map(([key, text]) => `${file} ${key}: ${text}`),
  );
}

const ENGLISH_PROVISIONING = /provision/i;

describe('Dutch words', () => {
  it('finds the Dutch translations of the console, the remotes and shared-ui', () => {
    const files = dutchTranslations().map(([file]) => file);
    for (const expected of [
      'shell',
      'shared-ui',
      'mfe-roles',
      'mfe-system',
      'mfe-invitations',
      'mfe-tokens',
    ]) {
      assert.ok(files.includes(join(expected, 'src', 'translations', 'nl.json')), `${expected} is checked`);
    }
  });

  it('say "doorlevering", never "provisioning", in every nl.json', () => {
    assert.deepEqual(textsMatching(dutchTranslations(), ENGLISH_PROVISIONING), []);
  });

  it('name the text that keeps the English word', () => {
    const files = /** @type {[string, Record<string, string>][]} */ ([
      ['x/nl.json', { a: 'Doorlevering mislukt', b: 'Er wordt niets geprovisioned.' }],
    ]);
    assert.deepEqual(textsMatching(files, ENGLISH_PROVISIONING), [
      'x/nl.json b: Er wordt niets geprovisioned.',
    ]);
  });
});
