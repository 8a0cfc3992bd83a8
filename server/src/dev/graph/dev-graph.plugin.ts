/**
 * /dev-graph: a development Microsoft Graph (and its login) inside the portal's server, development only
 * (mounted with the development SCIM service; refused in production with it). It mimics the two calls the
 * portal's Graph delivery makes: a client-credentials token (`POST /dev-graph/login/{tenant}/oauth2/v2.0/token`,
 * what GRAPH_LOGIN_URL points at in development) and a B2B invitation (`POST /dev-graph/v1.0/invitations`),
 * whose `inviteRedeemUrl` is a page here: following it "redeems" the invitation and sends the guest to the
 * invitation's `inviteRedirectUrl` (the portal's ms-accept-return). GET /dev-graph lists what it received.
 * The bundled registry's Graph provisioning (prov-graph-noorderlicht) points here.
 */
import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { page, when } from '../mailbox/dev-mailbox.pages.js';
import { escapeHtml } from '../../mail/format.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export const DEV_GRAPH_PATH = '/dev-graph';

/** The path's `id`, as it comes. */
const text = { type: 'string' } as const;
/** The client-credentials form (form-encoded): whether it names our client the handler says (401). */
const tokenForm = {
  type: 'object',
  properties: { grant_type: text, client_id: text, client_secret: text, scope: text },
} as const;
/** The invitation Graph creates: which fields are missing the handler says, in Graph's own error shape. */
const invitationBody = {
  type: 'object',
  properties: {
    invitedUserEmailAddress: text,
    inviteRedirectUrl: text,
    invitedUserDisplayName: text,
    sendInvitationMessage: { type: 'boolean' },
  },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;

/** The path's `tenant`, as it comes. */
const tenantParams = {
  type: 'object',
  required: ['tenant'],
  properties: { tenant: { type: 'string' } },
} as const;
export const DEV_GRAPH_CLIENT = { clientId: 'portal-development', secret: 'development-only-graph-secret' };

export interface DevGraphInvitation {
  id: string;
  userId: string;
  tenant: string;
  email: string;
  displayName: string | null;
  redirectUrl: string;
  redeemed: boolean;
  deleted: boolean;
  created: Date;
}

export interface DevGraphService {
  invitations(): DevGraphInvitation[];
  /** Calls received, by kind (token, invitation, delete, refused, failed). */
  calls(): Record<string, number>;
  /** The next `n` calls (token or Graph) are answered 500 (tests of retries). */
  failNext(n: number): void;
  /** Forgets every token handed out (a revoked secret, say): calls with them are answered 401. */
  revokeTokens(): void;
}

interface State {
  invitations: Map<string, DevGraphInvitation>;
  tokens: Map<string, string>;
  calls: Record<string, number>;
  failing: number;
  next: number;
}

const states = new WeakMap<DevGraphService, State>();

export function createDevGraphService(): DevGraphService {
  const state: State = { invitations: new Map(), tokens: new Map(), calls: {}, failing: 0, next: 1 };
  const service: DevGraphService = {
    invitations: () => [...state.invitations.values()].map((i) => ({ ...i })),
    calls: () => ({ ...state.calls }),
    failNext(n) {
      state.failing = n;
    },
    revokeTokens() {
      state.tokens.clear();
    },
  };
  states.set(service, state);
  return service;
}

export function devGraphPage(invitations: DevGraphInvitation[]): string {
  const rows = [...invitations]
    .sort((a, b) => b.created.getTime() - a.created.getTime())
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.tenant)}</td><td>${escapeHtml(i.email)}</td><td>${escapeHtml(i.userId)}</td>` +
        `<td>${i.deleted ? 'deleted' : i.redeemed ? 'redeemed' : `<a href="${DEV_GRAPH_PATH}/redeem/${escapeHtml(i.id)}">pending</a>`}</td>` +
        `<td>${escapeHtml(when(i.created))}</td></tr>`,
    )
    .join('\n');
  return page(
    'Development Microsoft Graph',
    `<p><a href="/dev-mailbox">&larr; Development mailbox</a></p>
      <h1>Development Microsoft Graph</h1>
      <p class="note">The B2B invitations the portal made at the development Microsoft Graph, newest first. Kept
      in memory only: gone when the server stops.</p>
      ${
        invitations.length
          ? `<table><thead><tr><th scope="col">Tenant</th><th scope="col">E-mail</th><th scope="col">User id</th><th scope="col">Status</th><th scope="col">Invited</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>No invitations yet.</p>'
      }`,
  );
}

function redeemPage(invitation: DevGraphInvitation): string {
  return page(
    'Accept the invitation (development Microsoft Graph)',
    `<h1>Accept the invitation</h1>
      <p>${escapeHtml(invitation.email)} is invited as a guest of the Microsoft tenant
      <strong>${escapeHtml(invitation.tenant)}</strong> (development Microsoft Graph: nothing is real here).</p>
      ${
        invitation.deleted
          ? '<p>This invitation was withdrawn.</p>'
          : `<p><a href="${DEV_GRAPH_PATH}/redeem/${escapeHtml(invitation.id)}/accept">Accept and continue</a></p>`
      }`,
  );
}

export async function devGraphPlugin(
  app: SchemaTypedApp,
  options: { publicUrl: string; service?: DevGraphService },
): Promise<void> {
  const service = options.service ?? createDevGraphService();
  const state = states.get(service)!;
  const count = (kind: string) => {
    state.calls[kind] = (state.calls[kind] ?? 0) + 1;
  };
  const failing = () => {
    if (state.failing <= 0) return false;
    state.failing -= 1;
    count('failed');
    return true;
  };

  app.get(DEV_GRAPH_PATH, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(devGraphPage(service.invitations())),
  );

  app.get(`${DEV_GRAPH_PATH}/redeem/:id`, { schema: { params: idParams } }, async (request, reply) => {
    const invitation = state.invitations.get(request.params.id);
    if (!invitation) return reply.code(404).type('text/plain').send('No such invitation');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(redeemPage(invitation));
  });

  app.get(`${DEV_GRAPH_PATH}/redeem/:id/accept`, { schema: { params: idParams } }, async (request, reply) => {
    const invitation = state.invitations.get(request.params.id);
    if (!invitation || invitation.deleted)
      return reply.code(404).type('text/plain').send('No such invitation');
    invitation.redeemed = true;
    return reply.redirect(invitation.redirectUrl, 302);
  });

  await app.register(async (graph: SchemaTypedApp) => {
    if (!graph.hasContentTypeParser('application/x-www-form-urlencoded')) await graph.register(formbody);

    graph.post(
      `${DEV_GRAPH_PATH}/login/:tenant/oauth2/v2.0/token`,
      { schema: { params: tenantParams, body: tokenForm } },
      async (request, reply) => {
        if (failing()) return reply.code(500).send({ error: 'server_error' });
        const body = request.body;
        if (
          body.grant_type !== 'client_credentials' ||
          body.client_id !== DEV_GRAPH_CLIENT.clientId ||
          body.client_secret !== DEV_GRAPH_CLIENT.secret
        ) {
          count('refused');
          return reply.code(401).send({ error: 'invalid_client' });
        }
        const token = randomBytes(24).toString('base64url');
        state.tokens.set(token, request.params.tenant);
        count('token');
        return { token_type: 'Bearer', expires_in: 3599, access_token: token };
      },
    );

    const tenantOf = (request: FastifyRequest): string | null => {
      const header = request.headers.authorization ?? '';
      return header.startsWith('Bearer ') ? (state.tokens.get(header.slice(7)) ?? null) : null;
    };

    // The bearer token is checked on arrival, before the body is read or validated, as Graph does.
    const tenants = new WeakMap<FastifyRequest, string>();
    const bearerOnly = async (request: FastifyRequest, reply: FastifyReply) => {
      const tenant = tenantOf(request);
      if (!tenant) {
        count('refused');
        return reply.code(401).send({ error: { code: 'InvalidAuthenticationToken' } });
      }
      tenants.set(request, tenant);
    };

    graph.post(
      `${DEV_GRAPH_PATH}/v1.0/invitations`,
      { onRequest: bearerOnly, schema: { body: invitationBody } },
      async (request, reply) => {
        const tenant = tenants.get(request) ?? '';
        if (failing()) return reply.code(500).send({ error: { code: 'ServiceUnavailable' } });
        const body = request.body;
        if (body.invitedUserEmailAddress === undefined || body.inviteRedirectUrl === undefined) {
          return reply.code(400).send({
            error: { code: 'BadRequest', message: 'invitedUserEmailAddress and inviteRedirectUrl' },
          });
        }
        const n = state.next++;
        const invitation: DevGraphInvitation = {
          id: `invitation-${n}`,
          userId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          tenant,
          email: body.invitedUserEmailAddress,
          displayName: body.invitedUserDisplayName ?? null,
          redirectUrl: body.inviteRedirectUrl,
          redeemed: false,
          deleted: false,
          created: new Date(),
        };
        state.invitations.set(invitation.id, invitation);
        count('invitation');
        return reply.code(201).send({
          id: invitation.id,
          invitedUserEmailAddress: invitation.email,
          inviteRedirectUrl: invitation.redirectUrl,
          inviteRedeemUrl: `${options.publicUrl}${DEV_GRAPH_PATH}/redeem/${invitation.id}`,
          sendInvitationMessage: body.sendInvitationMessage === true,
          status: 'PendingAcceptance',
          invitedUser: { id: invitation.userId },
        });
      },
    );

    graph.delete(
      `${DEV_GRAPH_PATH}/v1.0/users/:id`,
      { schema: { params: idParams } },
      async (request, reply) => {
        if (!tenantOf(request)) {
          count('refused');
          return reply.code(401).send({ error: { code: 'InvalidAuthenticationToken' } });
        }
        if (failing()) return reply.code(500).send({ error: { code: 'ServiceUnavailable' } });
        const invitation = [...state.invitations.values()].find((i) => i.userId === request.params.id);
        if (!invitation || invitation.deleted)
          return reply.code(404).send({ error: { code: 'Request_ResourceNotFound' } });
        invitation.deleted = true;
        count('delete');
        return reply.code(204).send();
      },
    );
  });
}

export default devGraphPlugin;
