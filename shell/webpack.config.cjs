const createAppConfig = require('../tooling/webpack.app.cjs');

const shared = createAppConfig({ dir: __dirname, kind: 'host', title: 'Access portal' });

// The host's index.html is served for every deep link (/roles/3/guests): its scripts, CSS and the fonts
// the CSS names must be absolute, or the browser looks for them under the deep path. Remotes keep 'auto'.
module.exports = (env, argv) => ({
  ...shared(env, argv),
  output: { ...shared(env, argv).output, publicPath: '/' },
});
