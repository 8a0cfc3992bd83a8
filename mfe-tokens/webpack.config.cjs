const HtmlWebpackPlugin = require('html-webpack-plugin');
const createAppConfig = require('../tooling/webpack.app.cjs');

const appConfig = createAppConfig({ dir: __dirname, kind: 'remote', title: 'Access portal' });

module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  if (argv.mode !== 'production') {
    // The standalone dev server serves deep links such as /home/tokens: with publicPath 'auto' the page's
    // script tags are relative and would be looked for under /home/. Only the HTML changes; the federation
    // chunks keep resolving 'auto'.
    for (const plugin of config.plugins) {
      if (plugin instanceof HtmlWebpackPlugin) plugin.options.publicPath = '/';
    }
  }
  return config;
};
