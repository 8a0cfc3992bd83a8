// One webpack configuration for the host and every remote; each app's webpack.config.cjs calls it.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedFor } = require('./mf-shared.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { remoteMetadata } = require('./remote-metadata.cjs');
const { SharedExportsCheckPlugin } = require('./shared-exports-check.cjs');

const ROUTER_DIST = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'production',
);

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%230077c8'/%3E%3C/svg%3E";

/**
 * @param {{ dir: string, kind: 'host' | 'remote', title: string }} options
 */
module.exports = function createAppConfig({ dir, kind, title }) {
  const pkg = require(path.join(dir, 'package.json'));
  const federationName = pkg.name.replace(/-/g, '_');
  return (_env, argv) => {
    const prod = argv.mode === 'production';
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: prod ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        filename: prod ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: federationName,
        // Shared tree shaking writes untrimmed fallback copies of the shared modules there; keep them.
        clean: { keep: /^independent-packages[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // react-router's package exports point every bundler at its development build (dev warnings,
        // a larger bundle); production bundles take the production build it ships beside it.
        alias: prod
          ? {
              'react-router$': path.join(ROUTER_DIST, 'index.mjs'),
              'react-router/dom$': path.join(ROUTER_DIST, 'dom-export.mjs'),
              'use-sync-external-store/shim$': path.join(__dirname, 'use-sync-external-store-shim.mjs'),
            }
          : {},
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [kind === 'host' ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'],
          },
          { test: /\.(woff2?|ttf|eot|png|jpe?g|gif|svg)$/, type: 'asset/resource' },
          {
            // @surfnet/sds is one module that imports DOMPurify and react-tooltip at its top; none of these
            // packages declares `sideEffects`, so webpack kept them even where no used component needs
            // them. They have none: a bundle now carries them only if a component it uses does.
            test: /[\\/]node_modules[\\/](@surfnet[\\/]sds[\\/]esm|isomorphic-dompurify|dompurify|react-tooltip|@floating-ui)[\\/].*\.m?js$/,
            sideEffects: false,
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName,
          ...(kind === 'remote'
            ? { filename: 'remoteEntry.js', exposes: { './contributions': './src/contributions.ts' } }
            : { remotes: {} }),
          shared: sharedFor(pkg.dependencies),
          // The shell provides every shared singleton before any remote loads. 'version-first' (the default)
          // would fetch and run every registered remote's remoteEntry.js at the first remote load, to compare
          // versions: on home, four remotes' code contended with the one whose tab is shown.
          shareStrategy: 'loaded-first',
          // A remote publishes its routes and slot entries (src/contributions.meta.ts) in its manifest, so
          // the shell knows them before loading its code. Read at build time: a change needs a rebuild.
          manifest:
            kind === 'remote'
              ? {
                  additionalData: ({ stats }) => {
                    stats.metaData.portal = remoteMetadata(dir);
                    return stats;
                  },
                }
              : true,
          dts: false,
          // Only browsers run these bundles: drop the runtime's Node.js loading code. A remote loads no
          // remotes of its own, so its copy of the runtime leaves out the remote-loading code too. The host
          // registers each remote by its remoteEntry.js (it reads the manifests itself, remote-loader.ts), so
          // it needs no manifest-to-snapshot code either.
          experiments: {
            optimization: {
              target: 'web',
              disableRemote: kind === 'remote',
              disableSnapshot: kind === 'host',
            },
          },
        }),
        new HtmlWebpackPlugin({
          title,
          // A remote's standalone dev server serves deep links (/home/tokens): its page's script tags must be
          // absolute there. Federation chunks keep resolving through publicPath 'auto'.
          ...(kind === 'remote' && !prod ? { publicPath: '/' } : {}),
          templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="${FAVICON}" />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body class="sds--color-palette--orange">
    <div id="root"></div>
  </body>
</html>`,
        }),
        ...(kind === 'host'
          ? [new MiniCssExtractPlugin({ filename: prod ? '[name].[contenthash:8].css' : '[name].css' })]
          : []),
        ...(prod ? [new PrecompressPlugin()] : []),
        // A name the shared packages do not export fails the build, not the browser.
        new SharedExportsCheckPlugin({ dir }),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      },
      performance: { hints: false },
      devServer: {
        host: 'localhost',
        port: pkg.devServerPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            // The server's paths: its API, the dev IdP, the remotes, and the bundled registry's logos
            // (the applications' logo URLs).
            context: ['/api', '/dev-idp', '/remotes.json', '/remotes', '/registry'],
            target: process.env.API_URL || 'http://localhost:8080',
          },
        ],
      },
    };
  };
};
