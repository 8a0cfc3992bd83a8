/**
 * Security headers (helmet) with a Content-Security-Policy that lets Module Federation load the remotes:
 * scripts and manifests from our origin and from the origins of any REMOTE_<ID>_URL.
 */
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The origins of remotes served elsewhere (absolute REMOTE_<ID>_URL values). */
export function remoteOrigins(remoteUrls: Record<string, string | undefined>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remoteUrls)) {
    if (url && /^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

async function securityHeaders(app: FastifyInstance): Promise<void> {
  const remotes = remoteOrigins(app.config.remoteUrls);
  const secure = app.config.secure;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        // style-loader and the design system set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        connectSrc: ["'self'", ...remotes],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // Over plain http a browser would upgrade every request to https and fail.
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    // Remote chunks are fetched cross-origin when remotes live elsewhere.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
