export * from './types.js';
export * from './authority.js';
export * from './applications.js';
export * from './permissions.js';
export * from './invitation.js';
export * from './roles.js';
export * from './display.js';
export * from './language.js';
