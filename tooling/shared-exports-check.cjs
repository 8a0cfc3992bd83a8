// A build check of every app (tooling/webpack.app.cjs): each name an app imports from the shared packages
// (shared-ui, shared-auth and their subpaths) must be one that package exports. Module Federation consumes
// those packages at run time with exports webpack cannot see, so a name they do not export (a remote built
// against an older or newer shared-ui, a moved function such as renderStandalone) built without a word and
// failed only in the browser. The package's exports are read from its TypeScript source with the compiler,
// `export *` chains included.
const path = require('node:path');
const fs = require('node:fs');
const HarmonyImportSpecifierDependency = require('webpack/lib/dependencies/HarmonyImportSpecifierDependency');
const HarmonyExportImportedSpecifierDependency = require('webpack/lib/dependencies/HarmonyExportImportedSpecifierDependency');
const WebpackError = require('webpack/lib/WebpackError');

const SHARED_REQUEST = /^shared-(ui|auth)(\/.*)?$/;

/** @type {Map<string, { stamp: string, names: Set<string> }>} */
const exportsCache = new Map();

/**
 * The names each of these TypeScript (or JavaScript) modules exports, through every `export *` it holds,
 * by one program over the shared packages' own sources only (no libraries, no type checking: quick).
 * @param {string[]} files
 * @returns {Map<string, Set<string>>}
 */
function exportedNames(files) {
  const stale = files.filter((file) => exportsCache.get(file)?.stamp !== String(fs.statSync(file).mtimeMs));
  if (stale.length > 0) {
    const ts = require('typescript');
    const options = {
      allowJs: true,
      noEmit: true,
      noLib: true,
      types: [],
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      resolveJsonModule: true,
    };
    const host = ts.createCompilerHost(options);
    const getSourceFile = host.getSourceFile.bind(host);
    // Libraries (react, zustand, …) are left out: a shared package re-exports none of their names.
    host.getSourceFile = (fileName, ...rest) =>
      /[\\/]node_modules[\\/]/.test(fileName) ? undefined : getSourceFile(fileName, ...rest);
    const program = ts.createProgram(stale, options, host);
    const checker = program.getTypeChecker();
    for (const file of stale) {
      const source = program.getSourceFile(file);
      const symbol = source && checker.getSymbolAtLocation(source);
      const names = new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []);
      exportsCache.set(file, { stamp: String(fs.statSync(file).mtimeMs), names });
    }
  }
  return new Map(files.map((file) => [file, exportsCache.get(file)?.names ?? new Set()]));
}

/** The source file behind a module an import resolved to: a consumed shared module's fallback, or itself. */
function sourceFileOf(module) {
  const resolved = module?.options?.importResolved ?? module?.resource;
  return typeof resolved === 'string' && /\.(tsx?|mjs|cjs|js)$/.test(resolved) ? resolved : null;
}

class SharedExportsCheckPlugin {
  /** @param {{ dir: string }} options the app's folder: only its own modules are checked */
  constructor({ dir }) {
    this.dir = path.resolve(dir);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('SharedExportsCheckPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SharedExportsCheckPlugin', (modules) => {
        const { moduleGraph } = compilation;
        /** @type {{ module: any, dependency: any, name: string, file: string }[]} */
        const imports = [];
        for (const module of modules) {
          const resource = module.resource;
          if (
            !resource ||
            !resource.startsWith(this.dir + path.sep) ||
            /[\\/]node_modules[\\/]/.test(resource)
          )
            continue;
          for (const dependency of module.dependencies) {
            const named =
              dependency instanceof HarmonyImportSpecifierDependency ||
              dependency instanceof HarmonyExportImportedSpecifierDependency;
            if (!named || !SHARED_REQUEST.test(dependency.request)) continue;
            const name = dependency.ids?.[0];
            if (!name) continue; // a namespace import or `export *`
            const file = sourceFileOf(moduleGraph.getModule(dependency));
            if (file) imports.push({ module, dependency, name, file });
          }
        }
        if (imports.length === 0) return;
        const exported = exportedNames([...new Set(imports.map((entry) => entry.file))]);
        for (const { module, dependency, name, file } of imports) {
          if (exported.get(file)?.has(name)) continue;
          const error = new WebpackError(
            `${path.relative(compiler.context, module.resource)} imports '${name}' from '${dependency.request}', ` +
              `which does not export it (${path.relative(compiler.context, file)}): in the browser it would be undefined.`,
          );
          error.module = module;
          error.loc = dependency.loc;
          compilation.errors.push(error);
        }
      });
    });
  }
}

module.exports = { SharedExportsCheckPlugin, exportedNames };
