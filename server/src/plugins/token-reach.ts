/**
 * Where an API token reaches: the external API (`/api/external/v1`) and nothing else. Its routes
 * authenticate the token themselves (plugins/external-token.ts) with the token's own reach; the console's
 * API (`/api/v1`) is for people in a browser session, and the console never sends a token, so a token there
 * is refused whatever route it names and however the path is spelled.
 *
 * The authentication hook (plugins/auth.ts) calls this for every `/api/` request whose matched route does
 * not authenticate itself — a decision on the route that matched (its config), never on the URL's text: the
 * router decodes percent-escapes (`/api/v1/%74okens` is `tokens`) while `request.url` keeps them.
 */
import { httpError } from '../errors.js';
import { EXTERNAL_API_PREFIX } from './external-token.js';

export const TOKEN_ON_CONSOLE_ROUTE = `API tokens are accepted only by the external API (${EXTERNAL_API_PREFIX}, described at ${EXTERNAL_API_PREFIX}/openapi.json); the console's API (/api/v1) needs a logged-in session`;

/** Refuses (403) a request to a console route that carries an X-API-TOKEN, valid or not. */
export function refuseTokenOnConsoleRoute(header: string | string[] | undefined): void {
  if (header !== undefined && header !== '') throw httpError(403, TOKEN_ON_CONSOLE_ROUTE);
}
