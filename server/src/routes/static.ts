/**
 * Serves the built bundles: the shell at / (with the SPA fallback to index.html for client routes), each
 * remote at /remotes/<id>/, /remotes.json telling the shell where each remote's manifest is, and the
 * bundled registry's logos at /registry/logos/ (which its entities name as their logo URLs).
 * A missing dist folder is logged and answered with 404/503; the API keeps working.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chosenLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_META, resolveLanguage } from 'shared-auth/rules';
import { BUNDLED_REMOTE_IDS } from '../config.js';
import { BUNDLED_LOGOS_DIR, BUNDLED_LOGOS_PATH } from '../registry/file-registry.js';
import { sendError } from '../plugins/error-handler.js';
import { inlineScriptHashes, withScriptSources } from '../plugins/security-headers.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** A logo's name holds no hash, but a registry's logos change rarely: a day in the browser's cache. */
const LOGO_MAX_AGE_SECONDS = 24 * 60 * 60;
/** webpack's [contenthash] in a file name: such a file never changes. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpe?g|gif|webp|ico|map)$/i;
/** Files that name the current build: always revalidated. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'index.html']);

/** A precompressed twin (`x.js.br`, `x.js.gz`, written by the webpack build) names the file it encodes. */
const PRECOMPRESSED = /\.(br|gz)$/;

function cacheHeaders(reply: FastifyReply, filePath: string, cors: boolean): void {
  const name = path.basename(filePath).replace(PRECOMPRESSED, '');
  if (!ENTRY_FILES.has(name) && HASHED.test(name)) {
    reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
  if (cors) {
    // A shell served elsewhere loads the remote's manifest, entry and chunks cross-origin.
    reply.header('Access-Control-Allow-Origin', '*');
  }
}

/**
 * The remote manifests: the bundled remotes under PUBLIC_URL, unless REMOTE_<ID>_URL or REMOTES says
 * otherwise, plus every further remote those name.
 */
export function remotesJson(publicUrl: string, configured: Record<string, string>): Record<string, string> {
  return {
    ...Object.fromEntries(
      BUNDLED_REMOTE_IDS.map((id) => [id, `${publicUrl}/remotes/${id}/mf-manifest.json`]),
    ),
    ...configured,
  };
}

/** Paths the SPA fallback never answers: the API, the IdP, the bundles, and files (with an extension). */
function isClientRoute(url: string): boolean {
  const pathname = url.split('?')[0];
  if (/^\/(api|dev-idp|remotes)(\/|$)/.test(pathname)) return false;
  return !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

/**
 * The shell's index.html may reference its bundles relatively (webpack publicPath 'auto'), so a deep link
 * such as /roles/12/guests asks for /roles/12/main.<hash>.js: answer such a request with the shell file of
 * that name (only top-level shell files, outside the API, IdP and remote paths).
 */
function misplacedShellAsset(shellDist: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0]);
  } catch {
    return null;
  }
  if (/^\/(api|dev-idp|remotes)(\/|$)/.test(pathname)) return null;
  const name = path.posix.basename(pathname);
  if (!/^[\w.-]+\.[A-Za-z0-9]{1,8}$/.test(name) || name === 'index.html') return null;
  return fs.existsSync(path.join(shellDist, name)) ? name : null;
}

/**
 * Said before the page's first script when the browser sent a session cookie: startup.js (shared-auth's
 * early-calls.ts) then asks for the user together with the config, not once the config's answer has been
 * read (which waited for the main thread, busy evaluating the libraries). Only a hint: the user
 * is read only when the config says authenticated, and a stale cookie costs one unread 401.
 */
export const SESSION_HINT = '<meta name="portal-session" content="present" />';

/**
 * The language the request's lang cookie chooses (spec §1 'Language choice'), for the page's scripts:
 * `nl` or `en` when the cookie is given, empty when it is not (the browser's language then decides).
 * Read from the page (shared-auth's pageLanguageCookie) instead of `document.cookie`: a fresh page's first
 * read of its cookies waits on the browser's cookie store, and startup.js read them before anything else
 * (40-70 ms of the landing on the bench's machine, the page's parser held all the while).
 */
export function languageCookieMeta(request: FastifyRequest): string {
  const chosen = chosenLanguage(request.cookies?.[LANGUAGE_COOKIE]) ?? '';
  return `<meta name="${LANGUAGE_COOKIE_META}" content="${chosen}" />`;
}

/**
 * The id of the page's data block with startup's answers (shared-auth's early-calls.ts reads it): the
 * answers of GET csrf, users/config and (when the config says authenticated) users/me for this very
 * request, made through the same routes, hooks and session as the page's own calls would be. The page
 * then has them when its first byte arrives instead of asking once its first script runs (a new page's
 * renderer is ready tens of milliseconds after the document, and its calls then queued behind the
 * page's scripts and styles): the spec's startup with its round trips cut. Nothing is kept: each page
 * is answered anew, and sent uncached.
 */
export const STARTUP_ANSWERS_ID = 'portal-startup';

/** One call's answer as the page carries it: what shared-auth's client reads of an answer. */
export interface CarriedAnswer {
  status: number;
  /** The answer's x-session-alive header was `true` (the client checks it on every answer). */
  alive: boolean;
  body: string;
}

/** The startup calls the page's first script would make, by the name early-calls.ts gives them. */
const STARTUP_CALLS = { csrf: 'csrf', config: 'users/config', me: 'users/me' } as const;

/** The cookie header with `name` set to `value` (added, or in place of the one sent). */
function withCookie(header: string | undefined, name: string, value: string): string {
  const others = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && part.split('=')[0] !== name);
  return [...others, `${name}=${value}`].join('; ');
}

/**
 * Startup's answers for the page this request asks for, or null when one could not be made (the page
 * then makes its calls itself). A session cookie the CSRF call issues is set on the page's answer.
 */
export async function startupAnswers(
  app: Pick<FastifyInstance, 'inject'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, CarriedAnswer> | null> {
  // The language the page's script would send (shared-auth's pageLanguage): the page's lang query,
  // then the lang cookie, then the browser's.
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const language = resolveLanguage({
    query: search,
    cookie: request.headers.cookie ?? null,
    browser: request.headers['accept-language'] ?? null,
  });
  let cookie = request.headers.cookie;
  const call = async (path: string): Promise<CarriedAnswer> => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1/${path}`,
      headers: {
        accept: 'application/json',
        'accept-language': language,
        ...(cookie ? { cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      remoteAddress: request.ip,
    });
    const issued = answer.cookies.find((c) => c.name === SESSION_COOKIE);
    if (issued) {
      cookie = withCookie(cookie, SESSION_COOKIE, issued.value);
      const setCookie = answer.headers['set-cookie'];
      if (setCookie) reply.header('set-cookie', setCookie);
    }
    return {
      status: answer.statusCode,
      alive: answer.headers['x-session-alive'] === 'true',
      body: answer.body,
    };
  };
  try {
    // Together, as the page would ask: the config needs no session the CSRF call may begin (without a
    // cookie the config is an anonymous one's either way).
    const [csrf, config] = await Promise.all([call(STARTUP_CALLS.csrf), call(STARTUP_CALLS.config)]);
    if (csrf.status !== 200 || config.status !== 200) return null;
    const authenticated = (JSON.parse(config.body) as { authenticated?: unknown }).authenticated === true;
    const me = authenticated ? await call(STARTUP_CALLS.me) : null;
    // A user's answer other than 200 is left to the page to ask for (and handle) itself.
    return me?.status === 200 ? { csrf, config, me } : { csrf, config };
  } catch (error) {
    request.log.warn({ err: error }, 'startup answers for the page could not be made');
    return null;
  }
}

/** The answers as a data block: JSON that no `</script` or `<!--` inside can end early. */
export function answersBlock(answers: Record<string, CarriedAnswer>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${STARTUP_ANSWERS_ID}">${json}</script>`;
}

/**
 * index.html as sent: with the session hint when the request carries a session cookie, the lang
 * cookie's language, and startup's answers when given; all before the page's first script, which reads them (in our
 * index.html, startup.js, first in the head).
 */
export function pageFor(
  html: string,
  request: FastifyRequest,
  answers: Record<string, CarriedAnswer> | null = null,
): string {
  const hint = request.cookies?.[SESSION_COOKIE] === undefined ? '' : SESSION_HINT;
  const block = answers ? answersBlock(answers) : '';
  return html.replace(/<script/i, (script) => `${hint}${languageCookieMeta(request)}${block}${script}`);
}

/** The page's policy: the server's, with the page's inline scripts (startup.js) allowed by their hashes. */
function pagePolicies(): (policy: string, html: string) => string {
  // index.html changes only with a new build: the last one's answer is kept.
  let last: { policy: string; html: string; answer: string } | null = null;
  return (policy, html) => {
    if (last?.policy !== policy || last.html !== html) {
      last = { policy, html, answer: withScriptSources(policy, inlineScriptHashes(html)) };
    }
    return last.answer;
  };
}

async function staticRoutes(app: SchemaTypedApp): Promise<void> {
  const pagePolicy = pagePolicies();
  const { staticDir, publicUrl, remoteUrls } = app.config;
  const shellDist = path.join(staticDir, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');

  app.get(
    '/remotes.json',
    {
      schema: {
        response: { 200: { type: 'object', additionalProperties: { type: 'string' } } },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return remotesJson(publicUrl, remoteUrls);
    },
  );

  for (const id of BUNDLED_REMOTE_IDS) {
    const dist = path.join(staticDir, `mfe-${id}`, 'dist');
    if (!fs.existsSync(dist)) {
      app.log.warn(`Remote "${id}" is not built (${dist} missing): /remotes/${id}/ answers 404 until it is`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${id}/`,
      decorateReply: false,
      cacheControl: false,
      // Serves x.js.br / x.js.gz when present and accepted (with Vary: Accept-Encoding), else x.js.
      preCompressed: true,
      index: ['index.html'],
      setHeaders: (reply, filePath) => cacheHeaders(reply, filePath, true),
    });
  }

  // REGISTRY_DIR's own logos folder when one is configured (its entities name their logos under the same
  // path), else the bundled registry's.
  const logosDir = app.config.registryDir ? path.join(app.config.registryDir, 'logos') : BUNDLED_LOGOS_DIR;
  if (fs.existsSync(logosDir)) {
    await app.register(fastifyStatic, {
      root: logosDir,
      prefix: BUNDLED_LOGOS_PATH,
      decorateReply: false,
      cacheControl: false,
      index: false,
      setHeaders: (reply) => reply.header('Cache-Control', `public, max-age=${LOGO_MAX_AGE_SECONDS}`),
    });
  }

  const shellBuilt = fs.existsSync(shellIndex);
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      decorateReply: true,
      cacheControl: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => cacheHeaders(reply, filePath, false),
    });
  } else {
    app.log.warn(
      `The console is not built (${shellIndex} missing): only the API is served. Run npm run build.`,
    );
  }

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fs.existsSync(shellIndex)) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built on this server (shell/dist is missing); the API works.');
    }
    const html = await fs.promises.readFile(shellIndex, 'utf8');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', pagePolicy(policy, html));
    // A page that holds a session's answers is that session's alone: never stored. With them, the list
    // of remotes (/remotes.json's answer), so that the page asks for their manifests at once.
    const startup = request.method === 'GET' ? await startupAnswers(app, request, reply) : null;
    const answers = startup && {
      ...startup,
      remotes: { status: 200, alive: true, body: JSON.stringify(remotesJson(publicUrl, remoteUrls)) },
    };
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', answers ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie')
      .send(pageFor(html, request, answers));
  };

  app.get('/', async (request, reply) => sendIndex(request, reply));
  // Asked for by name, it is the same page (with the same policy), not a plain file.
  app.get('/index.html', async (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const readOnly = request.method === 'GET' || request.method === 'HEAD';
    if (readOnly && isClientRoute(request.url)) return sendIndex(request, reply);
    const asset = readOnly && shellBuilt ? misplacedShellAsset(shellDist, request.url) : null;
    if (asset) return reply.sendFile(asset);
    // Under the external API's prefix as problem details, as every other answer there.
    return sendError(request, reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}`, {});
  });
}

export default fp(staticRoutes, { name: 'static-routes' });
