const createAppConfig = require('../tooling/webpack.app.cjs');

const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The libraries chunk is only requested once main.js has run the federation runtime; a preload in
 * index.html starts its download together with main.js instead.
 */
class PreloadLibrariesPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadLibrariesPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadLibrariesPlugin', (data) => {
        // The libraries, the shell's bootstrap and its own shared packages (shared-ui, shared-auth).
        const wanted = (chunk) =>
          chunk.name === 'libraries' ||
          [...compilation.chunkGraph.getChunkModulesIterable(chunk)].some((module) =>
            /[\\/](shell[\\/]src[\\/]bootstrap|shared-ui[\\/]src[\\/]index|shared-auth[\\/]src[\\/]index)\./.test(
              module.nameForCondition?.() ?? '',
            ),
          );
        const files = [...compilation.chunks].filter(wanted).flatMap((chunk) => [...chunk.files]);
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

const shared = createAppConfig({ dir: __dirname, kind: 'host', title: 'Access portal' });

// The host's index.html is served for every deep link (/roles/3/guests): its scripts, CSS and the fonts
// the CSS names must be absolute, or the browser looks for them under the deep path. Remotes keep 'auto'.
module.exports = (env, argv) => {
  const config = shared(env, argv);
  return {
    ...config,
    output: { ...config.output, publicPath: '/' },
    plugins: [...config.plugins, ...(argv.mode === 'production' ? [new PreloadLibrariesPlugin()] : [])],
    optimization: {
      ...config.optimization,
      // Every page of the shell needs all of its shared libraries at once; as one chunk they arrive over one
      // connection instead of a dozen small requests queueing for the browser's six per host.
      splitChunks: {
        cacheGroups: {
          libraries: {
            // Not the design system's JavaScript and DOMPurify: only a lazy chunk of shared-ui (its flash
            // view) uses them, and in this chunk they would be on every first page again.
            test: (module) =>
              /[\\/]node_modules[\\/]/.test(module.nameForCondition?.() ?? '') &&
              !/[\\/]node_modules[\\/](@surfnet[\\/]sds|isomorphic-dompurify|dompurify)[\\/]/.test(
                module.nameForCondition?.() ?? '',
              ),
            name: 'libraries',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
  };
};
