/**
 * The Microsoft Graph redeem path (issue 54 item 5). A guest invited at a Graph provisioning must follow
 * the invitation's redeem link; Graph then sends them to `/api/v1/users/ms-accept-return/{manageId}/{userId}`
 * (OpenConext Invite's route: manageId is the provisioning's id), which marks the invitation redeemed and
 * brings them back to the portal. Until then `GET /api/v1/users/ms-redeem-links` lists the open link (the
 * accept page sends the guest there, the home shows it); an invitation still being made is listed without
 * a link.
 */
import type { RedeemLink } from 'shared-auth/rules';
import { loggedIn } from '../plugins/permissions.js';
import { requireUser } from '../plugins/auth.js';
import { graphInvitationsOf } from '../stores/graph-invitations.store.js';
import { markRedeemed } from '../use-cases/graph-redeemed.js';
import { holdsGuestRoleOn } from '../stores/delivery-reads.store.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const linkSchema = {
  type: 'object',
  required: ['target', 'name:en', 'name:nl', 'redeemUrl', 'redeemed'],
  properties: {
    target: { type: 'string', examples: ['prov-graph-noorderlicht'] },
    'name:en': { type: 'string', examples: ['Noorderlicht Microsoft Graph'] },
    'name:nl': { type: 'string', examples: ['Noorderlicht Microsoft Graph'] },
    redeemUrl: {
      type: ['string', 'null'],
      description: 'null while the invitation is still being made at Microsoft (its delivery is waiting)',
      examples: ['https://login.microsoftonline.com/redeem?rd=https%3a%2f%2finvitations.microsoft.com'],
    },
    redeemed: { type: 'boolean', examples: [false] },
  },
} as const;

export default async function msGraphRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/v1/users/ms-redeem-links',
    {
      preHandler: loggedIn,
      schema: {
        description:
          "The user's Microsoft Graph (B2B) invitations, open ones first: the redeem link to follow, and whether they did.",
        response: { 200: { type: 'array', items: linkSchema } },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const graphTargets = (await app.registry.scimTargets()).filter((t) => t.protocol === 'graph');
      const targets = new Map(graphTargets.map((t) => [t.id, t]));
      const made = await graphInvitationsOf(app.db, userId);
      const links: RedeemLink[] = made.map((i) => ({
        target: i.target,
        'name:en': targets.get(i.target)?.['name:en'] ?? i.target,
        'name:nl': targets.get(i.target)?.['name:nl'] ?? i.target,
        redeemUrl: i.redeemUrl,
        redeemed: i.redeemedAt !== null,
      }));
      // A guest role at a Graph provisioning whose invitation is not made yet: pending (the accept page waits).
      for (const target of graphTargets) {
        if (made.some((i) => i.target === target.id)) continue;
        if (!(await holdsGuestRoleOn(app.db, userId, target.applications))) continue;
        links.unshift({
          target: target.id,
          'name:en': target['name:en'],
          'name:nl': target['name:nl'],
          redeemUrl: null,
          redeemed: false,
        });
      }
      return links;
    },
  );

  app.get(
    '/api/v1/users/ms-accept-return/:manageId/:userId',
    {
      preHandler: loggedIn,
      config: { errors: { 404: 'No Microsoft invitation of yours at prov-graph-noorderlicht' } },
      schema: {
        description:
          "Where Microsoft Graph sends a guest who redeemed their invitation: marks it redeemed and sends them to the portal's home (302).",
        params: {
          type: 'object',
          required: ['manageId', 'userId'],
          additionalProperties: false,
          properties: {
            manageId: { type: 'string', minLength: 1, maxLength: 255, examples: ['prov-graph-noorderlicht'] },
            userId: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991, examples: [12] },
          },
        },
        response: { 302: { type: 'null', description: 'To the portal home' } },
      },
    },
    async (request, reply) => {
      const { manageId, userId } = request.params;
      await markRedeemed(app, requireUser(request.user), manageId, userId);
      request.log.info({ target: manageId, userId }, 'Microsoft Graph invitation redeemed');
      return reply.redirect('/', 302);
    },
  );
}
