// The request conventions of the one HTTP client, without the client: the host's entry uses them to begin
// the startup calls before any shared library (ky, zustand, i18next) has loaded.

/** Where the API lives, on the console's own origin. */
export const API_PREFIX = '/api/v1/';
/** The server marks every answer that comes from the application itself with this header. */
export const SESSION_ALIVE_HEADER = 'x-session-alive';
