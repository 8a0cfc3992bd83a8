// Where things are: the repository root (the harness runs the real build and the real server from it) and
// the folder that receives screenshots and console logs of failing journeys (git-ignored).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(E2E_DIR, '..');
export const ARTIFACTS_DIR = join(E2E_DIR, 'artifacts');

/** The artifacts folder, created on first use. */
export function artifactsDir() {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return ARTIFACTS_DIR;
}

/** A file-name-safe version of a title. */
export function slug(/** @type {string} */ text) {
  return String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}
