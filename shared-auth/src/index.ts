// The public API of shared-auth: the pure rules (also used by the server), stores, HTTP client and startup.
export * from './rules/index.js';
