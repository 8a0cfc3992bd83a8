const createAppConfig = require('../tooling/webpack.app.cjs');

const HtmlWebpackPlugin = require('html-webpack-plugin');

// The modules that start the first page: the shell's bootstrap and its own shared packages (shared-ui's core,
// shared-auth). Everything in their chunks is on every first load; what they import lazily is not. The rest
// of shared-ui (its index: lists, forms) is a chunk of its own, loaded by the logged-in parts and the remotes.
const FIRST_LOAD_ROOT =
  /[\\/](shell[\\/]src[\\/]bootstrap|shared-ui[\\/]src[\\/]core|shared-auth[\\/]src[\\/]index)\./;
// The libraries, and tooling/'s stand-ins for some of them (use-sync-external-store-shim.mjs).
const LIBRARY = /[\\/](node_modules|tooling)[\\/]/;
const SHARED_UI_CSS = /[\\/]shared-ui[\\/]src[\\/].*\.css$/;
// Only a lazy chunk of shared-ui (its flash view) uses the design system's JavaScript and DOMPurify (its
// CSS is global, imported by the bootstrap, and stays in the libraries).
const LAZY_LIBRARIES =
  /[\\/]node_modules[\\/](@surfnet[\\/]sds|isomorphic-dompurify|dompurify)[\\/].*\.m?js$/;

/** Whether a chunk holds one of the first page's roots. */
function isFirstLoadChunk(chunk, chunkGraph) {
  return [...chunkGraph.getChunkModulesIterable(chunk)].some((module) =>
    FIRST_LOAD_ROOT.test(module.nameForCondition?.() ?? ''),
  );
}

/**
 * The libraries chunk: the shared libraries (JavaScript and their CSS), and the JavaScript of the shell,
 * shared-ui and shared-auth that the first page runs. One file compresses better than four (gzip sees
 * them as one text: about 2.7 KiB less) and arrives over one connection.
 */
function inLibraries(module, { chunkGraph }) {
  const name = module.nameForCondition?.() ?? '';
  if (LIBRARY.test(name)) return !LAZY_LIBRARIES.test(name);
  // Their CSS stays in its own chunks (its order against the design system's must not change).
  if (!/^(javascript|json|asset)/.test(module.type)) return false;
  return [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => isFirstLoadChunk(chunk, chunkGraph));
}

/**
 * The libraries chunk is only requested once main.js has run the federation runtime; a preload in
 * index.html starts its download together with main.js instead.
 */
class PreloadLibrariesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadLibrariesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadLibrariesPlugin', (data) => {
        // What `import('./bootstrap')` loads: the libraries (with the first page's JavaScript) and the
        // shell's own CSS and assets.
        const bootstrap = [...compilation.chunkGroups].filter((group) =>
          group.origins.some((origin) => origin.request === './bootstrap'),
        );
        const wanted = new Set(bootstrap.flatMap((group) => group.chunks));
        // shared-ui's CSS: loaded with shared-ui, right after main.js; preloaded, it is there by then.
        for (const chunk of compilation.chunks) if (chunk.name === 'shared-ui-styles') wanted.add(chunk);
        const files = [...wanted].flatMap((chunk) => [...chunk.files]);
        const links = files
          .filter((file) => /\.(js|css)$/.test(file))
          .map((file) => ({
            tagName: 'link',
            voidTag: true,
            meta: { plugin: 'PreloadLibrariesPlugin' },
            attributes: { rel: 'preload', as: file.endsWith('.js') ? 'script' : 'style', href: `/${file}` },
          }));
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}

/**
 * The page's first script, startup.js, from src/startup-calls.ts: it begins the startup calls (CSRF token,
 * config, then the user) before main.js. main.js carries the federation runtime (86 KB), whose evaluation
 * took ~50 ms on these machines; the calls used to leave only after it, and the user's call after the
 * shared libraries' evaluation as well (the config's answer waited for the main thread). It is a
 * compilation of its own: Module Federation puts its runtime into every entry of its compilation.
 */
const STARTUP_FILE = /^startup(\.[0-9a-f]{8})?\.js$/;
const KEPT_ON_CLEAN = /^independent-packages[\\/]/;
/** The startup compilation's file name, once it is about to emit it (the host's compilation depends on it). */
let startupFile = null;
/** Its code, as emitted (on disk for a build, in memory for webpack serve). */
let startupCode = null;

function startupConfig(config) {
  return {
    name: 'startup',
    context: __dirname,
    entry: { startup: './src/startup-calls.ts' },
    target: 'web',
    devtool: false,
    output: {
      path: config.output.path,
      publicPath: '/',
      filename: config.mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
      clean: false,
    },
    resolve: config.resolve,
    module: { rules: [config.module.rules[0]] },
    plugins: [
      {
        apply(compiler) {
          compiler.hooks.emit.tap('StartupFileName', (compilation) => {
            const asset = compilation.getAssets().find(({ name }) => STARTUP_FILE.test(name));
            startupFile = asset?.name ?? null;
            startupCode = asset ? String(asset.source.source()).trim() : null;
          });
        },
      },
    ],
    optimization: { minimizer: config.optimization.minimizer },
    performance: { hints: false },
  };
}

/**
 * Puts startup.js into index.html, inline, as the first element of its head: the startup calls leave as soon
 * as the browser has read the page's first bytes, not once a script file has come (on a cold load, with the
 * other first files, at ~125 ms here: the answers came at ~150 ms, and the loader's hold counts from them).
 * The server allows this one inline script by its hash in the page's Content-Security-Policy
 * (server/src/plugins/security-headers.ts, inlineScriptHashes). Under webpack serve (development), whose
 * client goes into every entry, it stays a file of its own, first and deferred.
 */
class StartupScriptPlugin {
  constructor({ inline }) {
    this.inline = inline;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('StartupScriptPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupScriptPlugin', (data) => {
        const code = startupCode;
        if (!startupFile || !code)
          throw new Error('startup.js was not built before the shell (webpack.config.cjs)');
        if (!this.inline) {
          data.headTags.unshift({
            tagName: 'script',
            voidTag: false,
            meta: { plugin: 'StartupScriptPlugin' },
            attributes: { defer: true, src: `/${startupFile}` },
          });
          return data;
        }
        // An inline script ends at the first "</script" (and "<!--" changes how it is read).
        if (/<\/script|<!--/i.test(code))
          throw new Error(`${startupFile} cannot be inlined: it holds </script or <!--`);
        data.headTags.unshift({
          tagName: 'script',
          voidTag: false,
          meta: { plugin: 'StartupScriptPlugin' },
          attributes: {},
          innerHTML: code,
        });
        return data;
      });
    });
  }
}

const shared = createAppConfig({ dir: __dirname, kind: 'host', title: 'Access portal' });

// The host's index.html is served for every deep link (/roles/3/guests): its scripts, CSS and the fonts
// the CSS names must be absolute, or the browser looks for them under the deep path. Remotes keep 'auto'.
module.exports = (env, argv) => {
  const config = shared(env, argv);
  return [
    startupConfig({ ...config, mode: argv.mode }),
    {
      ...config,
      output: {
        ...config.output,
        publicPath: '/',
        // startup.js is the other compilation's (startupConfig): cleaning leaves the one it just wrote.
        clean: { keep: (file) => KEPT_ON_CLEAN.test(file) || file === startupFile },
      },
      dependencies: ['startup'],
      plugins: [
        ...config.plugins,
        // The preloads first, then startup.js in front of them (each puts its tags first).
        ...(argv.mode === 'production' ? [new PreloadLibrariesPlugin()] : []),
        new StartupScriptPlugin({ inline: argv.mode === 'production' }),
      ],
      optimization: {
        ...config.optimization,
        // Every page of the shell needs all of its shared libraries at once; as one chunk they arrive over one
        // connection instead of a dozen small requests queueing for the browser's six per host.
        splitChunks: {
          cacheGroups: {
            // shared-ui's CSS, once: both of its chunk groups (provided and consumed) otherwise carry a copy.
            sharedUiStyles: {
              test: (module) =>
                module.type === 'css/mini-extract' && SHARED_UI_CSS.test(module.nameForCondition?.() ?? ''),
              name: 'shared-ui-styles',
              chunks: 'async',
              enforce: true,
            },
            libraries: {
              test: inLibraries,
              name: 'libraries',
              chunks: 'async',
              enforce: true,
            },
          },
        },
      },
    },
  ];
};
