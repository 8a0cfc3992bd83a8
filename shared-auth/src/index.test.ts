import * as sharedAuth from './index.js';

// The names every other package codes against (common interface); renaming one breaks them.
const PUBLIC_FUNCTIONS = [
  'authorityRank',
  'isValidAuthority',
  'assertValidAuthority',
  'isUserAllowed',
  'highestAuthority',
  'effectiveAuthority',
  'allowedToRenewUserRole',
  'allowedToEditRole',
  'allowedToDeleteInvitation',
  'mayInviteForRole',
  'allowedAuthoritiesForInvitation',
  'sortRolesForUser',
  'authorityBadgeStyle',
  'deriveShortName',
  'isEmpty',
  'userManagesApplication',
  'isRoleUnknownInManage',
  'invitationStatus',
  'userRoleExpiresSoon',
  'resolveLanguage',
  'useSessionStore',
  'useFlashStore',
  'setFlash',
  'clearFlash',
  'useProvidersStore',
  'useErrorDialogStore',
  'apiGet',
  'apiPost',
  'apiPut',
  'apiDelete',
  'ApiError',
  'reportError',
  'reloadPage',
  'runStartup',
  'startLogin',
  'logout',
  'setMayAccept',
  'consumeMayAccept',
] as const;

test.each(PUBLIC_FUNCTIONS)('exports %s', (name) => {
  expect(typeof (sharedAuth as Record<string, unknown>)[name]).toBe('function');
});

test('exports the authority ladder and the spec §9 timings', () => {
  expect(sharedAuth.AUTHORITIES).toEqual(['SUPER_USER', 'INSTITUTION_ADMIN', 'MANAGER', 'INVITER', 'GUEST']);
  expect(sharedAuth.LOADER_HOLD_MS).toBe(500);
  expect(sharedAuth.FLASH_AUTO_CLEAR_MS).toBe(5000);
  expect(sharedAuth.ERROR_RETHROW_MS).toBe(250);
  expect(sharedAuth.OPAQUE_REDIRECT_RELOAD_MS).toBe(100);
  expect(sharedAuth.LOGOUT_CLEAR_MS).toBe(500);
  expect(sharedAuth.SEARCH_DEBOUNCE_MS).toBe(375);
  expect(sharedAuth.LANGUAGE_COOKIE_DAYS).toBe(356);
});
