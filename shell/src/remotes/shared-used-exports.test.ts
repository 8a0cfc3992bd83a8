// The shared react-router(-dom) is tree-shaken to tooling/shared-used-exports.cjs (part of the remote
// contract). An app importing a name outside it gets `undefined` in the browser, so the list must cover
// every named import in this repository, and every runtime name in it must be a real export.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const { ALLOWED_IMPORTS, USED_EXPORTS } = jest.requireActual<{
  ALLOWED_IMPORTS: Record<string, string[]>;
  USED_EXPORTS: Record<string, string[]>;
}>('../../../tooling/shared-used-exports.cjs');

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
    .filter((match) => match[2] in ALLOWED_IMPORTS)
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

describe('the used exports of the shared router packages', () => {
  it('finds the imports of the repository (the scan works)', () => {
    expect(imports).toContainEqual({
      pkg: 'react-router-dom',
      name: 'BrowserRouter',
      file: path.join('shell', 'src', 'bootstrap.tsx'),
    });
  });

  it('covers every named import in the repository', () => {
    const missing = imports.filter(({ pkg, name }) => !ALLOWED_IMPORTS[pkg].includes(name));
    expect(missing).toEqual([]);
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
