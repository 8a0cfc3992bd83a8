/**
 * The relying party (openid-client 6). Discovery is lazy: the server is not listening yet while plugins
 * register. With the dev IdP, back-channel calls go through app.inject, so no network is needed (and it
 * works in tests and before listen()).
 */
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { devClientSecret, devIssuer, DEV_CLIENT_ID, DEV_IDP_PREFIX } from './dev-idp-client.js';

export interface OidcClient {
  configuration(): Promise<client.Configuration>;
  scope: string;
}

function injectFetch(app: FastifyInstance): client.CustomFetch {
  const publicUrl = new URL(app.config.publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== publicUrl.origin || !target.pathname.startsWith(DEV_IDP_PREFIX)) {
      return fetch(url, options as Parameters<typeof fetch>[1]);
    }
    const headers = Object.fromEntries(
      new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
    );
    headers.host = publicUrl.host;
    if (app.config.secure) headers['x-forwarded-proto'] = 'https';
    const response = await app.inject({
      method: (options.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    return new Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

export function createOidcClient(app: FastifyInstance): OidcClient {
  const { config } = app;
  let pending: Promise<client.Configuration> | null = null;
  const discover = async (): Promise<client.Configuration> => {
    if (config.devIdp) {
      return client.discovery(
        new URL(devIssuer(config)),
        DEV_CLIENT_ID,
        { client_secret: devClientSecret(config) },
        client.ClientSecretBasic(devClientSecret(config)),
        { execute: [client.allowInsecureRequests], [client.customFetch]: injectFetch(app) },
      );
    }
    const oidc = config.oidc!;
    const issuer = new URL(oidc.issuer);
    // The configuration accepts plain http only on a loopback host (a provider on the same machine).
    const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
    return client.discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, options);
  };
  return {
    scope: config.devIdp ? 'openid email profile eduperson' : 'openid email profile',
    configuration() {
      // A failed discovery (IdP down) is retried on the next login instead of being cached.
      pending ??= discover().catch((error: unknown) => {
        pending = null;
        throw error;
      });
      return pending;
    },
  };
}
