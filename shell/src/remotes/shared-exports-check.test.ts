/**
 * @jest-environment node
 */
// Every app's build (tooling/webpack.app.cjs) fails when it imports a name that a shared package (shared-ui,
// shared-auth, their subpaths) does not export: Module Federation consumes them with exports webpack cannot
// see, so such an import used to build silently and be undefined in the browser (the fixture remote's
// renderStandalone, moved to 'shared-ui/standalone'). Checked here two ways: a real webpack build with the
// check, a consumed shared module included, and every app's own imports against what the packages export.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..', '..');
const { exportedNames } = jest.requireActual<{
  exportedNames: (files: string[]) => Map<string, Set<string>>;
}>('../../../tooling/shared-exports-check.cjs');

/** Builds `app/src/index.js` (importing from a stand-in 'shared-ui') with the check; returns webpack's output. */
function buildWithCheck(indexSource: string, federated: boolean): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shared-exports-'));
  try {
    mkdirSync(path.join(dir, 'lib'));
    mkdirSync(path.join(dir, 'app', 'src'), { recursive: true });
    writeFileSync(
      path.join(dir, 'lib', 'index.js'),
      "export const present = 1;\nexport * from './more.js';\n",
    );
    writeFileSync(path.join(dir, 'lib', 'more.js'), 'export function viaStar() { return 2; }\n');
    writeFileSync(path.join(dir, 'app', 'src', 'index.js'), indexSource);
    const config = `
const path = require('node:path');
const { SharedExportsCheckPlugin } = require(${JSON.stringify(path.join(REPO, 'tooling', 'shared-exports-check.cjs'))});
const { ModuleFederationPlugin } = require(${JSON.stringify(require.resolve('@module-federation/enhanced/webpack', { paths: [REPO] }))});
module.exports = {
  mode: 'development',
  devtool: false,
  context: path.join(__dirname, 'app'),
  entry: './src/index.js',
  output: { path: path.join(__dirname, 'dist') },
  resolve: { alias: { 'shared-ui$': path.join(__dirname, 'lib', 'index.js') } },
  plugins: [
    new SharedExportsCheckPlugin({ dir: path.join(__dirname, 'app') }),
    ${
      federated
        ? "new ModuleFederationPlugin({ name: 'probe', dts: false, shared: { 'shared-ui': { singleton: true, requiredVersion: false } } }),"
        : ''
    }
  ],
};`;
    writeFileSync(path.join(dir, 'webpack.config.cjs'), config);
    const cli = path.join(REPO, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const run = spawnSync(process.execPath, [cli, '--config', path.join(dir, 'webpack.config.cjs')], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the build check of imports from the shared packages', () => {
  it('fails a build importing a name the shared module does not export, also when it is consumed shared', () => {
    for (const federated of [true, false]) {
      const bad = buildWithCheck(
        "import { present, viaStar, absent } from 'shared-ui';\nconsole.log(present, viaStar, absent);\n",
        federated,
      );
      expect([federated, bad.status]).toEqual([federated, 1]);
      expect(bad.output).toContain("imports 'absent' from 'shared-ui', which does not export it");
      expect(bad.output).not.toContain("imports 'present'");
      expect(bad.output).not.toContain("imports 'viaStar'");
    }
  }, 240_000);

  it('passes a build whose names all exist, through export * too', () => {
    const good = buildWithCheck(
      "import { present, viaStar } from 'shared-ui';\nconsole.log(present, viaStar);\n",
      true,
    );
    expect([good.status, good.output]).toEqual([0, expect.not.stringContaining('does not export')]);
  }, 120_000);
});

const APPS = ['mfe-roles', 'mfe-invitations', 'mfe-system', 'mfe-tokens', 'shell', 'e2e/fixtures/mfe-hello'];
const SHARED = /^shared-(ui|auth)(\/[\w-]+)?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (['node_modules', 'dist', 'coverage'].includes(entry)) return [];
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

describe("every app's imports from the shared packages", () => {
  const pattern = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  const imports = APPS.flatMap((app) => sourceFiles(path.join(REPO, app, 'src'))).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)]
      .filter((match) => SHARED.test(match[2]))
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
          .map((name) => ({ file: path.relative(REPO, file), pkg: match[2], name })),
      ),
  );

  it('finds them (the scan works), the fixture remote included', () => {
    expect(imports).toContainEqual({
      file: path.join('e2e', 'fixtures', 'mfe-hello', 'src', 'bootstrap.tsx'),
      pkg: 'shared-ui/standalone',
      name: 'renderStandalone',
    });
  });

  it('names only what the shared packages export', () => {
    const entries = new Map(
      [...new Set(imports.map((entry) => entry.pkg))].map((pkg) => [
        pkg,
        require.resolve(pkg, { paths: [path.join(REPO, 'mfe-roles')] }),
      ]),
    );
    const exported = exportedNames([...entries.values()]);
    const missing = imports.filter(({ pkg, name }) => !exported.get(entries.get(pkg)!)?.has(name));
    expect(missing).toEqual([]);
  }, 60_000);
});
