export * from './api-error.js';
export * from './client.js';
export { page, reloadPage } from './page.js';
export { currentLanguage } from './current-language.js';
export { pageLanguageCookie } from './page-language.js';
