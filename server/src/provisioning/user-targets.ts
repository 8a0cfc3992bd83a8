/**
 * Deliveries to the two user-only provisioning types besides SCIM (issue 54 item 5), through the same
 * queue, leases and retries:
 * - eVA guest accounts: a person holding a guest role on one of its applications gets an account
 *   (`POST {eva_url}/api/v1/guest/create`, form-encoded, `X-Api-Key`); its id is kept in scim_resources and
 *   sent back as `id` when the person changes; the last such membership going disables it
 *   (`POST {eva_url}/api/v1/guest/disable/{id}`).
 * - Microsoft Graph B2B: a client-credentials token from `{graphLoginUrl}/{graph_tenant}/oauth2/v2.0/token`,
 *   then `POST {graph_url}/invitations`; the invited user's id is kept in scim_resources and the redeem link
 *   in graph_invitations (the guest follows it; the return marks it redeemed). The last membership going
 *   deletes the user there (`DELETE {graph_url}/users/{id}`).
 * Secrets (the eVA key, the Graph client secret and token) go into request headers and bodies only: never
 * into an error, a log line or the database.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/types.js';
import type { ScimTarget } from '../registry/registry.js';
import {
  forgetGraphInvitation,
  forgetGraphInvitationsAt,
  saveGraphInvitation,
} from '../stores/graph-invitations.store.js';
import { holdsGuestRoleOn, readPerson } from '../stores/delivery-reads.store.js';
import { enqueueWholeTarget } from '../stores/provisioning-plan.store.js';
import { forgetUser, forgetUsersAt, readResource, saveResource } from '../stores/scim-bookkeeping.store.js';
import { reasonOf, retryAfterMs, ScimError } from './scim-client.js';

export interface UserTargetContext {
  db: Db;
  target: ScimTarget;
  timeoutMs: number;
  /** This server's public URL: Graph's redirect after redeeming comes back here. */
  publicUrl: string;
  /** Where Graph tokens come from (login.microsoftonline.com or the development Graph service). */
  graphLoginUrl: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Graph tokens kept until shortly before they expire, per target (in memory only, never logged). */
  tokens?: Map<string, { token: string; until: number }>;
}

/** One call; any failure a ScimError (retry on network trouble, 429 and 5xx), the secret-free path named. */
async function call(
  ctx: UserTargetContext,
  method: 'POST' | 'DELETE',
  url: string,
  shown: string,
  init: { headers: Record<string, string>; body?: string },
): Promise<Record<string, unknown> | null> {
  const fetchImpl = ctx.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: ctx.signal
        ? AbortSignal.any([AbortSignal.timeout(ctx.timeoutMs), ctx.signal])
        : AbortSignal.timeout(ctx.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    const why =
      e.name === 'TimeoutError' ? `no answer within ${ctx.timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new ScimError(`${method} ${shown}: ${why}`, null, true);
  }
  const text = await response.text().catch(() => '');
  if (response.ok || (method === 'DELETE' && response.status === 404)) {
    if (text.trim() === '') return null;
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ScimError(`${method} ${shown}: the answer is not JSON`, response.status, false);
    }
  }
  const retry = response.status === 429 || response.status >= 500;
  throw new ScimError(
    `${method} ${shown}: ${reasonOf(response.status, text)}`,
    response.status,
    retry,
    retry ? retryAfterMs(response.headers.get('retry-after')) : undefined,
  );
}

const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The person as a target needs them, or null when they are gone or hold no guest role on its applications. */
async function wantedPerson(ctx: UserTargetContext, userId: number) {
  const person = await readPerson(ctx.db, userId);
  if (person === null || !(await holdsGuestRoleOn(ctx.db, userId, ctx.target.applications))) return null;
  return person;
}

export async function deliverEvaUser(ctx: UserTargetContext, userId: number): Promise<void> {
  const { db, target } = ctx;
  const eva = target.eva!;
  const headers = { 'x-api-key': eva.token };
  const known = await readResource(db, target.id, 'user', userId);
  const person = await wantedPerson(ctx, userId);
  if (!person) {
    if (known) {
      const path = `/api/v1/guest/disable/${encodeURIComponent(known.remoteId)}`;
      await call(ctx, 'POST', `${target.url}${path}`, path, { headers });
      await forgetUser(db, target.id, userId);
    }
    return;
  }
  if (!person.email) throw new ScimError('eVA needs an e-mail address: the person has none', null, false);
  const name =
    person.name ?? ([person.givenName, person.familyName].filter(Boolean).join(' ') || person.email);
  const sent = digestOf({ name, email: person.email });
  if (known && known.digest === sent) return;
  const now = new Date();
  const till = new Date(now.getTime() + eva.guestAccountDays * 86_400_000);
  const form = new URLSearchParams({
    name,
    email: person.email,
    dateFrom: day(now),
    dateTill: day(till),
    notifyByEmail: 'true',
    notifyBySms: 'false',
    preferredLanguage: 'en',
    ...(known ? { id: known.remoteId } : {}),
  });
  const path = '/api/v1/guest/create';
  const send = () =>
    call(ctx, 'POST', `${target.url}${path}`, path, {
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  let answer: Record<string, unknown> | null;
  try {
    answer = await send();
  } catch (error) {
    // The account is gone there (removed behind our back): made again.
    if (!known || !(error instanceof ScimError) || error.status !== 404) throw error;
    form.delete('id');
    answer = await send();
  }
  const id = answer?.id ?? known?.remoteId;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new ScimError(`POST ${path}: the answer has no id`, null, false);
  }
  await db.tx((q) => saveResource(q, target.id, 'user', userId, String(id), sent));
}

async function graphToken(ctx: UserTargetContext): Promise<string> {
  const kept = ctx.tokens?.get(ctx.target.id);
  if (kept && kept.until > Date.now()) return kept.token;
  const graph = ctx.target.graph!;
  const path = `/${encodeURIComponent(graph.tenant)}/oauth2/v2.0/token`;
  const answer = await call(ctx, 'POST', `${ctx.graphLoginUrl}${path}`, path, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: graph.clientId,
      client_secret: graph.secret,
      scope: 'https://graph.microsoft.com/.default',
    }).toString(),
  });
  const token = answer?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new ScimError(`POST ${path}: the answer has no access_token`, null, false);
  }
  const seconds = typeof answer?.expires_in === 'number' ? answer.expires_in : 0;
  // Kept until a minute before it runs out (a token without a lifetime is not kept).
  if (seconds > 120) ctx.tokens?.set(ctx.target.id, { token, until: Date.now() + (seconds - 60) * 1000 });
  return token;
}

/**
 * A Graph call with a token; a 401 with a kept token (revoked, or the secret changed) drops it and tries
 * once more with a fresh one.
 */
async function withToken<T>(ctx: UserTargetContext, send: (token: string) => Promise<T>): Promise<T> {
  const wasKept = ctx.tokens?.get(ctx.target.id) !== undefined;
  try {
    return await send(await graphToken(ctx));
  } catch (error) {
    if (!wasKept || !(error instanceof ScimError) || error.status !== 401) throw error;
    ctx.tokens?.delete(ctx.target.id);
    return send(await graphToken(ctx));
  }
}

/** Where Graph sends the guest after they redeemed their invitation: back to this portal. */
export const msAcceptReturnUrl = (publicUrl: string, target: string, userId: number) =>
  `${publicUrl}/api/v1/users/ms-accept-return/${encodeURIComponent(target)}/${userId}`;

export async function deliverGraphUser(ctx: UserTargetContext, userId: number): Promise<void> {
  const { db, target } = ctx;
  const known = await readResource(db, target.id, 'user', userId);
  const person = await wantedPerson(ctx, userId);
  if (!person) {
    if (known) {
      const path = `/users/${encodeURIComponent(known.remoteId)}`;
      await withToken(ctx, (token) =>
        call(ctx, 'DELETE', `${target.url}${path}`, path, { headers: { authorization: `Bearer ${token}` } }),
      );
      await db.tx(async (q) => {
        await forgetGraphInvitation(q, target.id, userId);
      });
      await forgetUser(db, target.id, userId);
    }
    return;
  }
  // Invited once: the guest redeems that invitation; nothing else of theirs is sent.
  if (known) return;
  if (!person.email) throw new ScimError('Graph needs an e-mail address: the person has none', null, false);
  const body = JSON.stringify({
    invitedUserEmailAddress: person.email,
    invitedUserDisplayName: person.name ?? person.email,
    inviteRedirectUrl: msAcceptReturnUrl(ctx.publicUrl, target.id, userId),
    sendInvitationMessage: false,
  });
  const answer = await withToken(ctx, (token) =>
    call(ctx, 'POST', `${target.url}/invitations`, '/invitations', {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    }),
  );
  const invited = answer?.invitedUser as { id?: unknown } | undefined;
  const redeemUrl = answer?.inviteRedeemUrl;
  if (typeof invited?.id !== 'string' || typeof redeemUrl !== 'string') {
    throw new ScimError(
      'POST /invitations: the answer has no invitedUser.id or inviteRedeemUrl',
      null,
      false,
    );
  }
  const remoteId = invited.id;
  await db.tx(async (q) => {
    await saveResource(q, target.id, 'user', userId, remoteId, digestOf({ email: person.email }));
    await saveGraphInvitation(q, target.id, userId, remoteId, redeemUrl);
  });
}

/**
 * The development eVA and Graph services keep what they received in memory: at a start, what the database
 * says was sent to them is forgotten and every person they should hold is queued again.
 */
export async function forgetDevUserTargets(
  db: Db,
  targets: readonly ScimTarget[],
  publicUrl: string,
): Promise<void> {
  const dev = targets.filter(
    (t) =>
      (t.protocol === 'eva' && t.url.startsWith(`${publicUrl}/dev-eva`)) ||
      (t.protocol === 'graph' && t.url.startsWith(`${publicUrl}/dev-graph/`)),
  );
  for (const target of dev) {
    await db.tx(async (q) => {
      await forgetUsersAt(q, target.id);
      await forgetGraphInvitationsAt(q, target.id);
      await enqueueWholeTarget(q, { id: target.id, applications: target.applications, groups: false });
    });
  }
}
