export * from './startup.js';
export * from './session.js';
export * from './storage.js';
