export * from './session.store.js';
export * from './flash.store.js';
export * from './providers.store.js';
export * from './error-dialog.store.js';
