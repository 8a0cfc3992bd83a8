/**
 * Security headers (helmet) with a Content-Security-Policy that lets Module Federation load the remotes:
 * scripts and manifests from our origin and from the origins of any REMOTE_<ID>_URL.
 *
 * The headers do not change from one answer to the next (no nonces), so helmet runs once, at start, and
 * every answer gets what it set. (@fastify/helmet built a helmet and parsed the policy again for every
 * request, a noticeable part of the server's time on users/me.)
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
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
  const headers = helmetHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options, by name (as it would set them on an answer). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return answer;
    },
    removeHeader() {
      // X-Powered-By: Fastify never sends it.
    },
  };
  helmet(options)({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The CSP sources ('sha256-…') of a page's inline scripts (those without src): the shell's index.html carries
 * its startup calls inline (shell/webpack.config.cjs, StartupScriptPlugin). The hash is of the script's text
 * exactly as it stands between its tags, as the browser computes it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', code] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy with `sources` added to its script-src directive. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) =>
      /^\s*script-src\s/i.test(directive) ? `${directive} ${sources.join(' ')}` : directive,
    )
    .join(';');
}

/**
 * The policy with `origins` added to its form-action directive. The development identity provider's login
 * page needs it: Chromium applies the form's form-action to every redirect that follows the post, so the
 * last hop of a login started by a remote on its own origin (callback → that origin) would be blocked.
 */
export function withFormActions(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy
    .split(';')
    .map((directive) =>
      /^\s*form-action\s/i.test(directive) ? `${directive} ${origins.join(' ')}` : directive,
    )
    .join(';');
}

export default fp(securityHeaders, { name: 'security-headers' });
