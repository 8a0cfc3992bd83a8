/**
 * The development identity provider: oidc-provider with the personas, used when no OIDC_ISSUER is
 * configured. Its keys, grants and sessions live in the database (dev_idp_store).
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../../config.js';
import {
  CALLBACK_PATH,
  devClientSecret,
  devIssuer,
  DEV_CLIENT_ID,
  DEV_IDP_PREFIX,
} from '../../oidc/dev-idp-client.js';
import type { Db } from '../../db/types.js';
import { dbAdapterFactory } from './adapter.js';
import { PERSONAS, type PersonaClaims } from './personas.js';

const SCOPES = ['openid', 'email', 'profile', 'eduperson'];
const CLAIMS = {
  // Standalone: the ID token carries the acr of the login (the login form's ticked value).
  acr: null,
  openid: ['sub'],
  email: ['email'],
  profile: ['name', 'given_name', 'family_name'],
  eduperson: ['eduperson_principal_name', 'schac_home_organization', 'eduperson_entitlement'],
};

/** One signing key for all instances: the first instance stores it, the others read it. */
async function signingKeys(db: Db): Promise<Array<Record<string, unknown>>> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${Date.now()}`, use: 'sig', alg: 'RS256' };
  await db.query(
    `INSERT INTO dev_idp_store (model, id, payload) VALUES ('Keystore', 'jwks', $1) ON CONFLICT (model, id) DO NOTHING`,
    [JSON.stringify({ keys: [jwk] })],
  );
  const { rows } = await db.query<{ payload: { keys: Array<Record<string, unknown>> } }>(
    `SELECT payload FROM dev_idp_store WHERE model = 'Keystore' AND id = 'jwks'`,
  );
  return rows[0].payload.keys;
}

/** Remembers the claims of a person who is not a persona (signed in by a free-form name or e-mail). */
export async function rememberAccount(db: Db, claims: PersonaClaims): Promise<void> {
  await db.query(
    `INSERT INTO dev_idp_store (model, id, payload) VALUES ('Account', $1, $2)
     ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload`,
    [claims.sub, JSON.stringify(claims)],
  );
}

/**
 * The claims of the account's last login (every login stores them: a persona signed in through a hinted
 * identity provider has that provider's home organisation), else the persona's.
 */
async function accountClaims(db: Db, sub: string): Promise<PersonaClaims | undefined> {
  const { rows } = await db.query<{ payload: PersonaClaims }>(
    `SELECT payload FROM dev_idp_store WHERE model = 'Account' AND id = $1`,
    [sub],
  );
  return rows[0]?.payload ?? PERSONAS.find((p) => p.claims.sub === sub)?.claims;
}

export async function createDevProvider(config: AppConfig, db: Db): Promise<Provider> {
  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: devClientSecret(config),
        redirect_uris: [`${config.publicUrl}${CALLBACK_PATH}`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: (await signingKeys(db)) as never },
    cookies: {
      keys: [createHash('sha256').update(`dev-idp-cookies:${config.sessionSecret}`).digest('base64url')],
    },
    scopes: SCOPES,
    claims: CLAIMS,
    // The assurance values the portal may ask for (ACR_VALUES): the ones the login form can put in `acr`.
    acrValues: Object.values(config.acrValues),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PREFIX}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const claims = await accountClaims(db, sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims }) };
    },
    // The dev client is trusted: grant what it asks for, so no consent page ever shows.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
  };
  const provider = new Provider(devIssuer(config), configuration);
  provider.proxy = config.secure;
  return provider;
}
