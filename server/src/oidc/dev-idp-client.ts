/**
 * How the login reaches the development identity provider (dev/idp, mounted with DEV_IDP=true): its path,
 * and the client it registers for this server. Here, not in dev/, because the relying party (client.ts)
 * needs them whether or not the provider is loaded, and production code never imports dev/.
 */
import { createHash } from 'node:crypto';
import type { AppConfig } from '../config.js';

export const DEV_IDP_PREFIX = '/dev-idp';
export const DEV_CLIENT_ID = 'portal-dev';
/** The login's callback (login.routes.ts), the redirect URI every identity provider is given. */
export const CALLBACK_PATH = '/api/v1/users/login/callback';

export function devIssuer(config: Pick<AppConfig, 'publicUrl'>): string {
  return `${config.publicUrl}${DEV_IDP_PREFIX}`;
}

/** Derived from the session secret so every instance agrees without another setting. */
export function devClientSecret(config: Pick<AppConfig, 'sessionSecret'>): string {
  return createHash('sha256').update(`dev-idp-client:${config.sessionSecret}`).digest('base64url');
}
