// The public API of shared-auth: the pure rules (also used by the server), the stores, the one HTTP client,
// startup and session logic, and the constants of spec §9.
export * from './rules/index.js';
export * from './constants.js';
export * from './stores/index.js';
export * from './http/index.js';
export * from './startup/index.js';
