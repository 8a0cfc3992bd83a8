module.exports = require('../tooling/webpack.app.cjs')({
  dir: __dirname,
  kind: 'remote',
  title: 'Access portal',
});
