module.exports = require('../tooling/webpack.app.cjs')({ dir: __dirname, kind: 'host', title: 'Access portal' });
