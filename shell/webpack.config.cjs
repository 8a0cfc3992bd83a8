const createAppConfig = require('../tooling/webpack.app.cjs');

const shared = createAppConfig({ dir: __dirname, kind: 'host', title: 'Access portal' });

// The host's index.html is served for every deep link (/roles/3/guests): its scripts, CSS and the fonts
// the CSS names must be absolute, or the browser looks for them under the deep path. Remotes keep 'auto'.
module.exports = (env, argv) => {
  const config = shared(env, argv);
  return {
    ...config,
    output: { ...config.output, publicPath: '/' },
    optimization: {
      ...config.optimization,
      // Every page of the shell needs all of its shared libraries at once; as one chunk they arrive over one
      // connection instead of a dozen small requests queueing for the browser's six per host.
      splitChunks: {
        cacheGroups: {
          libraries: {
            test: /[\\/]node_modules[\\/]/,
            name: 'libraries',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
  };
};
