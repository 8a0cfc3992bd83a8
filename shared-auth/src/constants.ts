// The business constants and timings of spec §9, named once so every package uses the same values.

/** The loader stays up this long after startup. */
export const LOADER_HOLD_MS = 500;
/** An info flash clears itself after this long. */
export const FLASH_AUTO_CLEAR_MS = 5000;
/** A failed call marked `showErrorDialog` is rethrown after this long. */
export const ERROR_RETHROW_MS = 250;
/** The page reloads this long after an opaque redirect answer. */
export const OPAQUE_REDIRECT_RELOAD_MS = 100;
/** After logout, user and impersonator are cleared after this long. */
export const LOGOUT_CLEAR_MS = 500;
export const COPY_CONFIRMATION_MS = 1250;
export const IMPERSONATION_WINK_MS = 850;
export const USER_MENU_CLOSE_MS = 325;
export const SEARCH_DEBOUNCE_MS = 375;
/** Server-side searches run for an empty text or one of at least this many characters. */
export const SEARCH_MIN_CHARS = 3;
export const LANGUAGE_COOKIE_DAYS = 356;
export const DEFAULT_PAGE_SIZE = 10;
export const CONSEQUENCES_SHOWN = 5;
export const DESCRIPTION_CUTOFF = 190;
export const CARD_DESCRIPTION_CUTOFF = 80;
export const ROLE_DEFAULT_EXPIRY_DAYS = 365;
export const INVITATION_DEFAULT_VALIDITY_DAYS = 30;
export const INVITATION_MAX_DAYS = 365;
/** Role expiry in an invitation payload when the role gives none. */
export const INVITATION_ROLE_EXPIRY_DAYS = 366;
/** An invalid typed date is corrected to this many days ahead. */
export const BAD_DATE_CORRECTION_DAYS = 16;
export const TEXT_MAX_LENGTH = 255;
/** The fallback reference number of the failure dialog. */
export const DEFAULT_ERROR_REFERENCE = 999;
/** localStorage keys. */
export const STORAGE_LOCATION_KEY = 'location';
export const STORAGE_MAY_ACCEPT_KEY = 'mayAccept';
