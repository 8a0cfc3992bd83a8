/**
 * Mounts the development identity provider at /dev-idp: our own interaction routes (the login page), and
 * a catch-all that hands the raw request to oidc-provider (which reads the body itself).
 */
import formbody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import { withFormActions } from '../../plugins/security-headers.js';
import { loginPage } from './login-page.js';
import { resolveLogin } from './personas.js';
import { devSteering } from './steering.js';
import { disableWhenIdle, providerContextStorage } from './provider-context.js';
import { DEV_IDP_PREFIX } from '../../oidc/dev-idp-client.js';
import { createDevProvider, rememberAccount } from './provider.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

/**
 * The login page's policy: the server's, with the origins login may return to (TRUSTED_ORIGINS) as form
 * targets. The browser checks every redirect after the form's post against it, the last one included: the
 * callback's redirect to a remote run on its own origin. No other origin is added.
 */
function allowReturnOrigins(reply: FastifyReply, trusted: readonly string[]): FastifyReply {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', withFormActions(policy, trusted));
  return reply;
}

async function interactionRoutes(app: SchemaTypedApp, provider: Provider): Promise<void> {
  await app.register(formbody);
  const { trustedOrigins } = app.config;

  app.get(`${DEV_IDP_PREFIX}/interaction/:uid`, { schema: { params: uidParams } }, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) return reply.status(400).type('text/plain').send('Unknown login');
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; anything else just continues.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
      return reply;
    }
    return allowReturnOrigins(reply, trustedOrigins)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginPage(details.uid, undefined, await devSteering(details.params, app.registry, app.config)));
  });

  app.post(
    `${DEV_IDP_PREFIX}/interaction/:uid/login`,
    {
      schema: {
        params: uidParams,
        body: {
          type: 'object',
          properties: {
            login: { type: 'string', maxLength: 254 },
            acr: { type: 'string', maxLength: 1024 },
          },
        },
      },
    },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const login = request.body?.login?.trim() ?? '';
      if (details.uid !== request.params.uid || details.prompt.name !== 'login') {
        return reply.status(400).type('text/plain').send('Unknown login');
      }
      const steering = await devSteering(details.params, app.registry, app.config);
      if (!login) {
        return allowReturnOrigins(reply, trustedOrigins)
          .status(400)
          .type('text/html; charset=utf-8')
          .send(loginPage(details.uid, 'Enter a username or an e-mail address.', steering));
      }
      const person = resolveLogin(login);
      // Signed in through the first hinted identity provider: its home organisation, for this login.
      const through = steering.providers[0];
      const claims = through
        ? { ...person.claims, schac_home_organization: through.homeOrganization }
        : person.claims;
      await rememberAccount(app.db, claims);
      // Only the value the request asked for, and only when ticked, goes into the ID token's acr.
      const acr = steering.acr && request.body?.acr === steering.acr ? steering.acr : undefined;
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: person.claims.sub, ...(acr ? { acr } : {}) } },
        { mergeWithLastSubmission: false },
      );
      return reply;
    },
  );
}

export default async function devIdpPlugin(app: SchemaTypedApp): Promise<void> {
  const provider = await createDevProvider(app.config, app.db);
  await app.register(async (scope) => interactionRoutes(scope, provider));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Leave the body stream unread: oidc-provider parses it.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    // Its request-context storage is off while none of its requests is under way (provider-context.ts).
    const begin = disableWhenIdle(await providerContextStorage());
    scope.all(`${DEV_IDP_PREFIX}/*`, (request, reply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '').slice(DEV_IDP_PREFIX.length) || '/';
      reply.raw.once('close', begin());
      callback(raw, reply.raw);
    });
  });
  app.log.info(`Development identity provider at ${app.config.publicUrl}${DEV_IDP_PREFIX}`);
}
