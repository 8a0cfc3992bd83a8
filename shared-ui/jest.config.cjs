// Component tests drive the UI with user-event; on a loaded 2-core machine the 5 s default is too tight.
module.exports = { ...require('../tooling/jest/web.config.cjs')(__dirname), testTimeout: 30000 };
