/** /api/v1/invitations: create, resend, revoke, read by hash, accept, and list (spec §4–§7). */
import { allowedToDeleteInvitation, mayManageInvitation } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { anyone, entity, loggedIn } from '../plugins/permissions.js';
import { acceptInvitationByHash } from '../use-cases/invitation-accept.js';
import { inviteFromConsole, removeInvitation } from '../use-cases/invitation-write.js';
import {
  MAX_INVITATION_DAYS,
  MAX_INVITEES_PER_REQUEST,
  invitationRequestSchema,
} from '../domain/invitation-create.js';
import type { ApiInvitation, InvitationRow } from '../stores/invitation.rows.js';
import { invitationByHash, invitationById, toInvitations } from '../stores/invitations.store.js';
import { resendInvitation } from '../use-cases/invitation-send.js';
import { idSchema } from '../domain/ids.js';
import { idParams, invitationSchema, noContent } from '../domain/schemas.js';
import { httpError } from '../errors.js';
import {
  createProgressBoard,
  PROGRESS_KEY_HEADER,
  PROGRESS_KEY_PATTERN,
  ProgressKeyInUseError,
  untracked,
  type ProgressTracker,
} from '../domain/bulk-progress.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const invitationSummarySchema = {
  type: 'object',
  required: ['created', 'ids'],
  properties: {
    created: { type: 'integer', examples: [2] },
    ids: { type: 'array', items: { type: 'integer' }, examples: [[301, 302]] },
  },
} as const;

/** The key a bulk create's progress is read by: a uuid the caller makes. */
const progressKey = {
  type: 'string',
  pattern: PROGRESS_KEY_PATTERN,
  examples: ['5f0c6a9e-8d1b-4c2e-9f3a-7b6d5e4c3b2a'],
} as const;

const progressKeyHeaders = {
  type: 'object',
  properties: { [PROGRESS_KEY_HEADER]: progressKey },
} as const;

const progressSchema = {
  type: 'object',
  required: ['phase', 'total', 'written', 'mailed', 'done'],
  properties: {
    phase: {
      type: 'string',
      enum: ['checking', 'writing', 'mailing', 'done', 'failed'],
      examples: ['mailing'],
    },
    total: { type: 'integer', examples: [100] },
    written: { type: 'integer', examples: [100] },
    mailed: { type: 'integer', examples: [40] },
    done: { type: 'boolean', examples: [false] },
  },
} as const;

/** What creating invitations refuses besides its schema and login (use-cases/invitation-create.ts). */
const CREATE_ERRORS = {
  400: [
    'Invalid email addresses: not-an-address',
    'At least one email address is required',
    `At most ${MAX_INVITEES_PER_REQUEST} email addresses per request, not 1200: send them in parts`,
    'At least one role is required for an invitation',
    'Role Wiki is unknown in the registry and cannot invite',
    'A valid organization GUID is required',
    'The value is invalid for organizationGUID',
    'The invitation expiry date must be in the future',
    `The invitation expiry date can be at most ${MAX_INVITATION_DAYS} days ahead`,
    'The role expiry date must be at least one day after the invitation expiry date',
    'roleExpiryDate is after the end date of role Wiki (2027-01-31)',
    'Role Wiki ended on 2026-06-30: it grants no access any more',
  ],
  403: [
    'missing roles',
    'Only a super user invites super users',
    'Only institution admins invite institution admins',
    'You may not invite a MANAGER for these roles',
  ],
  404: 'One of the roles does not exist',
  409: 'The progress key is in use by a request that is still running',
} as const;

/** What accepting an invitation refuses (use-cases/invitation-accept.ts). */
const ACCEPT_ERRORS = {
  404: 'Invitation not found',
  409: [
    'The invitation has already been accepted',
    'The invitation has expired',
    'The invitation is no longer open',
  ],
  412: [
    'The invitation must be accepted with email address jane@example.org',
    'The invitation must be accepted with an eduID account',
    'The invitation must be accepted with a login that carries https://eduid.nl/trust/validate-names',
  ],
} as const;

/** The invitation the path names: its row, and the invitation as the shared rules read it (roles loaded). */
export const invitationInPath = entity<
  { row: InvitationRow; invitation: ApiInvitation },
  ApiInvitation,
  { Params: { id: number } }
>({
  load: async (request) => {
    const { db, registry } = request.server;
    const row = await invitationById(db, request.params.id);
    return row && { row, invitation: (await toInvitations(db, registry, [row]))[0] };
  },
  notFound: (request) => `Invitation ${request.params.id} not found`,
  judged: ({ invitation }) => invitation,
});

export default async function invitationRoutes(app: SchemaTypedApp): Promise<void> {
  // Per process: behind a balancer without session affinity a poll may reach another instance (404).
  const progress = createProgressBoard();

  app.post(
    '/api/v1/invitations',
    {
      preHandler: loggedIn,
      config: { errors: CREATE_ERRORS },
      schema: {
        headers: progressKeyHeaders,
        body: invitationRequestSchema,
        response: { 201: invitationSummarySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const key = request.headers[PROGRESS_KEY_HEADER];
      let tracker: ProgressTracker = untracked;
      if (key) {
        try {
          tracker = progress.start(user.id, key);
        } catch (error) {
          if (error instanceof ProgressKeyInUseError) throw httpError(409, error.message);
          throw error;
        }
      }
      try {
        const summary = await inviteFromConsole(app, request, user, request.body, tracker);
        tracker.finish('done');
        reply.status(201);
        return summary;
      } catch (error) {
        tracker.finish('failed');
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/invitations/progress/:key',
    {
      // Any user, for its own keys only: the handler reads the caller's progress alone.
      preHandler: loggedIn,
      config: { errors: { 404: 'No progress known for this key' } },
      schema: {
        params: {
          type: 'object',
          required: ['key'],
          properties: { key: progressKey },
        },
        response: { 200: progressSchema },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const state = progress.read(user.id, request.params.key);
      // Someone else's key answers as an unknown one: whether it exists is not this user's business.
      if (!state) throw httpError(404, 'No progress known for this key');
      return state;
    },
  );

  app.put(
    '/api/v1/invitations/:id',
    {
      // Who may resend; an accepted invitation is then a conflict (409), told only to those who may.
      preHandler: [invitationInPath.permit(mayManageInvitation)],
      config: { errors: { 409: 'An accepted invitation cannot be resent' } },
      schema: { params: idParams, response: { 200: invitationSchema } },
    },
    // An invitation without an inviter (made through the external API) is mailed in the resender's name.
    async (request) =>
      resendInvitation(app, request, invitationInPath.of(request).row, requireUser(request.user)),
  );

  app.delete(
    '/api/v1/invitations/:id',
    {
      // Exactly the rule the console's revoke button follows (an accepted invitation is refused too).
      preHandler: [invitationInPath.permit(allowedToDeleteInvitation)],
      schema: { params: idParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await removeInvitation(app, request, invitationInPath.of(request).row);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/invitations/public',
    {
      // Anyone holding the hash: the hash is the secret that opens it.
      preHandler: anyone,
      config: {
        errors: { 404: 'Invitation not found', 409: 'The invitation has already been accepted' },
      },
      schema: {
        querystring: {
          type: 'object',
          required: ['hash'],
          properties: {
            hash: {
              type: 'string',
              minLength: 1,
              maxLength: 128,
              examples: ['kOLJDF29oilFtvqNg7ON-14F6V3naEzB9PeKNe8PEPw'],
            },
          },
        },
        response: { 200: invitationSchema },
      },
    },
    async (request) => {
      const row = await invitationByHash(app.db, request.query.hash);
      if (!row) throw httpError(404, 'Invitation not found');
      if (row.status !== 'OPEN') throw httpError(409, 'The invitation has already been accepted');
      return (await toInvitations(app.db, app.registry, [row]))[0];
    },
  );

  app.post(
    '/api/v1/invitations/accept',
    {
      preHandler: loggedIn,
      config: { errors: ACCEPT_ERRORS },
      schema: {
        body: {
          type: 'object',
          required: ['hash'],
          properties: {
            hash: { type: 'string', minLength: 1, maxLength: 128 },
            invitationId: idSchema,
          },
          examples: [{ hash: 'kOLJDF29oilFtvqNg7ON-14F6V3naEzB9PeKNe8PEPw', invitationId: '301' }],
        },
        response: { 201: invitationSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request.user);
      const acr = request.session.get('acr');
      const accepted = await acceptInvitationByHash(app, request, user, request.body, acr);
      reply.status(201);
      return accepted;
    },
  );
}
