// The shared react-router(-dom) and react-i18next are tree-shaken to tooling/shared-used-exports.cjs (part of the remote
// contract). An app importing a name outside it gets `undefined` in the browser, so the list must cover
// every named import in this repository, and every runtime name in it must be a real export.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const { ALLOWED_IMPORTS, ALLOWED_IMPORTS_IN_TESTS, USED_EXPORTS } = jest.requireActual<{
  ALLOWED_IMPORTS: Record<string, string[]>;
  ALLOWED_IMPORTS_IN_TESTS: Record<string, string[]>;
  USED_EXPORTS: Record<string, string[]>;
}>('../../../tooling/shared-used-exports.cjs');

/** Jest's files (the whole packages, never bundled): the same globs as TEST_FILES in the list's module. */
const isTestFile = (file: string) => /\.test\.tsx?$|[\\/]test-support[\\/]/.test(file);
const allowedIn = (file: string) => (isTestFile(file) ? ALLOWED_IMPORTS_IN_TESTS : ALLOWED_IMPORTS);

const REPO = path.join(__dirname, '..', '..', '..');
const SOURCE_ROOTS = [
  'shell',
  'mfe-roles',
  'mfe-invitations',
  'mfe-system',
  'mfe-tokens',
  'shared-ui',
  'shared-auth',
  'e2e/fixtures',
];
const SKIP = new Set(['node_modules', 'dist', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (SKIP.has(entry)) return [];
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|jsx?|mjs|cjs)$/.test(entry) ? [full] : [];
  });
}

/** Every `import { a, b as c } from 'pkg'` and `export { a } from 'pkg'` of the shared packages, per file. */
function namedImports(source: string): { pkg: string; name: string }[] {
  const pattern = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)]
    .filter((match) => match[2] in ALLOWED_IMPORTS_IN_TESTS)
    .flatMap((match) =>
      match[1]
        .split(',')
        .map(
          (part) =>
            part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        )
        .filter(Boolean)
        .map((name) => ({ pkg: match[2], name })),
    );
}

const imports = SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(REPO, root))).flatMap((file) =>
  namedImports(readFileSync(file, 'utf8')).map((entry) => ({ ...entry, file: path.relative(REPO, file) })),
);

describe('the used exports of the tree-shaken shared packages', () => {
  it('finds the imports of the repository (the scan works)', () => {
    expect(imports).toContainEqual({
      pkg: 'react-router-dom',
      name: 'BrowserRouter',
      file: path.join('shell', 'src', 'bootstrap.tsx'),
    });
  });

  it('covers every named import in the repository (test files may use the test-only names too)', () => {
    const missing = imports.filter(({ pkg, name, file }) => !allowedIn(file)[pkg].includes(name));
    expect(missing).toEqual([]);
  });

  it('keeps the test-only names out of the bundled copy', () => {
    expect(imports).toContainEqual({
      pkg: 'react-router-dom',
      name: 'MemoryRouter',
      file: path.join('shell', 'src', 'test-support', 'render-shell.tsx'),
    });
    expect(USED_EXPORTS['react-router-dom']).not.toContain('MemoryRouter');
    expect(isTestFile(path.join('shell', 'src', 'app.component.tsx'))).toBe(false);
  });

  it('lists only exports the packages have, the same for both', () => {
    for (const [pkg, names] of Object.entries(USED_EXPORTS)) {
      const actual = jest.requireActual<Record<string, unknown>>(pkg);
      expect(names.filter((name) => actual[name] === undefined)).toEqual([]);
    }
    expect(USED_EXPORTS['react-router']).toEqual(USED_EXPORTS['react-router-dom']);
  });

  it('rejects a name outside the list', () => {
    expect(
      namedImports(['import { NavLink }', "from 'react-router-dom';"].join(' ')).filter(
        ({ pkg, name }) => !ALLOWED_IMPORTS[pkg].includes(name),
      ),
    ).toEqual([{ pkg: 'react-router-dom', name: 'NavLink' }]);
  });
});
