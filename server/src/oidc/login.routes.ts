/** OIDC login (code flow with PKCE, state and nonce kept in the session), its callback, and logout. */
import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { CALLBACK_PATH } from './dev-idp-client.js';
import { httpError } from '../errors.js';
import { anyone } from '../plugins/permissions.js';
import { auditSession } from '../stores/audit.store.js';
import { createOidcClient } from './client.js';
import { acceptLoginSteering } from './login-steering.js';
import {
  pageLanguage,
  untrustedOrigin,
  untrustedOriginPage,
  UNTRUSTED_ORIGIN_LOG,
} from './untrusted-origin.page.js';
import { missingAttributes, upsertUserFromClaims, type LoginClaims } from './user-from-claims.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const loginQuery = {
  type: 'object',
  properties: {
    force: { type: 'boolean' },
    hash: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9_~.-]+$' },
    returnTo: { type: 'string', minLength: 1, maxLength: 2048 },
  },
} as const;

/**
 * Where login returns to when the page that started it asked for `returnTo`: that address, when its
 * origin is the console's own or one the server trusts (TRUSTED_ORIGINS: a remote run on its own dev
 * server), else the console. Never an address elsewhere: an open redirect would lend our login to others.
 */
export function returnAddress(returnTo: string | undefined, publicUrl: string, trusted: string[]): string {
  const home = `${publicUrl}/`;
  if (!returnTo) return home;
  let target: URL;
  try {
    target = new URL(returnTo, home);
  } catch {
    return home;
  }
  const allowed = [new URL(home).origin, ...trusted];
  return allowed.includes(target.origin) ? target.href : home;
}

const IDP_DOWN = 'The identity provider cannot be reached';

/** A redirect answer: no body, the address in Location. */
function redirect(description: string) {
  return {
    description,
    type: 'null',
    headers: { location: { type: 'string', format: 'uri', description: 'Where the browser goes next' } },
  } as const;
}

const callbackQuery = {
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 2048 },
    state: { type: 'string', maxLength: 512 },
    iss: { type: 'string', maxLength: 2048 },
    error: { type: 'string', maxLength: 256 },
    error_description: { type: 'string', maxLength: 2048 },
  },
} as const;

export default async function loginRoutes(app: SchemaTypedApp): Promise<void> {
  const oidc = createOidcClient(app);
  const { publicUrl } = app.config;
  const redirectUri = `${publicUrl}${CALLBACK_PATH}`;
  const idp = async (request: FastifyRequest): Promise<client.Configuration> => {
    try {
      return await oidc.configuration();
    } catch (error) {
      request.log.error({ err: error }, 'identity provider discovery failed');
      throw httpError(503, IDP_DOWN);
    }
  };

  app.get(
    '/api/v1/users/login',
    {
      preHandler: anyone,
      config: { errors: { 503: IDP_DOWN } },
      schema: { querystring: loginQuery, response: { 302: redirect('To the identity provider') } },
    },
    async (request, reply) => {
      const configuration = await idp(request);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const { hash, force } = request.query;
      const returnTo = hash
        ? `${publicUrl}/invitation/accept?hash=${encodeURIComponent(hash)}`
        : returnAddress(request.query.returnTo, publicUrl, app.config.trustedOrigins);
      const refused = hash
        ? null
        : untrustedOrigin(request.query.returnTo, publicUrl, app.config.trustedOrigins);
      request.session.set('login', {
        state,
        nonce,
        codeVerifier,
        returnTo,
        ...(refused ? { untrustedOrigin: refused } : {}),
      });
      // Accepting an invitation: ask for its assurance and name the identity providers that can serve it.
      const steering = hash ? await acceptLoginSteering(app.db, app.registry, app.config, hash) : {};
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: oidc.scope,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(force ? { prompt: 'login' } : {}),
        ...steering,
      });
      return reply.redirect(url.href, 302);
    },
  );

  // Anyone: the identity provider sends the browser back here; the session's login state is checked below.
  const callback = {
    preHandler: anyone,
    config: { errors: { 400: 'Login failed: state mismatch', 503: IDP_DOWN } },
    schema: {
      querystring: callbackQuery,
      response: {
        200: {
          description:
            'Logged in, but the page that asked for the login is on an origin the server does not trust (TRUSTED_ORIGINS): an HTML page that says so',
          content: {
            'text/html': {
              schema: {
                type: 'string',
                examples: [
                  '<!DOCTYPE html><html lang="en">…<h1>Login cannot return to http://localhost:3010</h1>…</html>',
                ],
              },
            },
          },
        },
        302: redirect(
          'Logged in (or not, with the attributes missing in the session): back to the page that asked for the login',
        ),
      },
    },
  };
  app.get(CALLBACK_PATH, callback, async (request, reply) => {
    const login = request.session.get('login');
    if (!login) {
      // A stale or replayed callback (e.g. the back button): start over from the console.
      return reply.redirect(`${publicUrl}/`, 302);
    }
    request.session.set('login', undefined);
    const configuration = await idp(request);
    let claims: LoginClaims;
    let acr: string | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, new URL(request.url, publicUrl), {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, String(idClaims.sub));
      claims = { ...idClaims, ...userInfo } as LoginClaims;
      // The assurance of this login is the ID token's, never the user info's.
      acr = typeof idClaims.acr === 'string' ? idClaims.acr : undefined;
    } catch (error) {
      request.log.warn({ err: error }, 'login callback refused');
      throw httpError(400, `Login failed: ${(error as Error).message}`);
    }

    // A new session id and CSRF token after login: what was known before login is worthless after.
    request.session.regenerate();
    request.session.set('csrfToken', undefined);
    const missing = missingAttributes(claims);
    if (missing.length > 0) {
      request.session.set('userId', undefined);
      const name = typeof claims.name === 'string' ? claims.name : undefined;
      request.session.set('incomplete', { name, missingAttributes: missing });
      request.log.info({ sub: claims.sub, missing }, 'login with missing attributes');
      return reply.redirect(`${publicUrl}/`, 302);
    }
    // The login is audited with the person's row it made or updated, in one transaction.
    const userId = await app.db.tx(async (q) => {
      const id = await upsertUserFromClaims(q, app.config, claims);
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      await auditSession(
        q,
        { id, name: text(claims.name), email: text(claims.email), sub: text(claims.sub) },
        'login',
      );
      return id;
    });
    request.session.set('incomplete', undefined);
    request.session.set('userId', userId);
    request.session.set('impersonated', undefined);
    request.session.set('acr', acr);
    if (login.untrustedOrigin) {
      const { trustedOrigins } = app.config;
      request.log.warn({ origin: login.untrustedOrigin, trustedOrigins }, UNTRUSTED_ORIGIN_LOG);
      const page = untrustedOriginPage(
        pageLanguage(request.headers),
        login.untrustedOrigin,
        trustedOrigins,
        publicUrl,
      );
      return reply.type('text/html; charset=utf-8').send(page);
    }
    return reply.redirect(login.returnTo, 302);
  });

  const logout = {
    preHandler: anyone,
    schema: { response: { 200: { description: 'Logged out', type: 'object', examples: [{}] } } },
  };
  app.get('/api/v1/users/logout', logout, async (request) => {
    // The one who logs out is the session's own user, also while impersonating someone.
    if (request.realUser) await auditSession(app.db, request.realUser, 'logout');
    request.session.destroy();
    return {};
  });
}
