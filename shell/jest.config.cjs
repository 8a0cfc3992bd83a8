module.exports = require('../tooling/jest/web.config.cjs')(__dirname);
