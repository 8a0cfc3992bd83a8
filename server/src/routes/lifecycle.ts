/**
 * The lifecycle API (issue 54 item 4) of the federation's lifecycle service, in the SURF lifecycle format
 * that OpenConext Invite answers with, for service accounts of REMOTE_USERS with the scope `lifecycle`, by
 * HTTP Basic: `GET /api/external/v1/deprovision/{sub}` and `DELETE …/{sub}/dry-run` show what the console
 * holds of a person, `DELETE …/{sub}` removes them everywhere (use-cases/person-deprovision.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../stores/audit.store.js';
import { remoteUserOf, remoteUserWith } from '../plugins/permissions.js';
import {
  deprovisionPerson,
  LIFECYCLE_SERVICE_NAME,
  previewDeprovision,
} from '../use-cases/person-deprovision.js';
import { serviceAccountRefusals, subParams } from './service-account-answers.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

const resultSchema = {
  type: 'object',
  required: ['status', 'name', 'message', 'data'],
  properties: {
    status: { type: 'string', enum: ['OK'], description: 'Always OK: the call did what it says' },
    name: { type: 'string', description: 'The answering service' },
    message: { type: 'string', description: 'What happened, in words' },
    data: {
      type: 'array',
      description:
        'What the console holds (or held) of the person, sorted by name: email, eduPersonPrincipalName, schacHomeOrganization, name, urn, lastLoginDate (ISO 8601) and one membership per role (its name); empty values left out. Empty for an unknown person.',
      items: {
        type: 'object',
        required: ['name', 'value'],
        properties: { name: { type: 'string' }, value: { type: 'string' } },
      },
    },
  },
} as const;

const exampleData = [
  { name: 'eduPersonPrincipalName', value: 'jdoe@example.org' },
  { name: 'email', value: 'jdoe@example.org' },
  { name: 'lastLoginDate', value: '2026-11-02T09:14:03.000Z' },
  { name: 'membership', value: 'Research Wiki Editors' },
  { name: 'name', value: 'Jane Doe' },
  { name: 'schacHomeOrganization', value: 'example.org' },
  { name: 'urn', value: 'urn:collab:person:example.org:jdoe' },
];

function answered(description: string, message: string) {
  return {
    200: {
      description,
      content: {
        'application/json': {
          schema: {
            ...resultSchema,
            examples: [{ status: 'OK', name: LIFECYCLE_SERVICE_NAME, message, data: exampleData }],
          },
        },
      },
    },
    ...serviceAccountRefusals('lifecycle', 'params/sub must NOT have more than 512 characters'),
  };
}

/** The service account as the audit trail names it. */
function actorOf(request: FastifyRequest): AuditActor {
  return { user: null, impersonatorId: null, name: `service account ${remoteUserOf(request).username}` };
}

const common = {
  preHandler: remoteUserWith('lifecycle'),
  // Its own authentication (HTTP Basic): no session, token or CSRF hooks.
  config: { authentication: 'basic' as const },
};

const PREVIEW =
  'What the console holds of the person with this subject, as the removal would answer it; nothing changes. Empty `data` for an unknown person. Scope `lifecycle`.';

export default async function lifecycleRoutes(app: SchemaTypedApp): Promise<void> {
  app.get(
    '/api/external/v1/deprovision/:sub',
    {
      ...common,
      schema: {
        tags: ['people'],
        operationId: 'lifecyclePreview',
        summary: 'What removing a person would take (preview)',
        description: PREVIEW,
        security: [{ serviceAccount: ['lifecycle'] }],
        params: subParams,
        response: answered('What the console holds of the person', 'Dry run: nothing was removed'),
      },
    },
    async (request) => previewDeprovision(app.db, app.registry, request.params.sub),
  );

  app.delete(
    '/api/external/v1/deprovision/:sub/dry-run',
    {
      ...common,
      schema: {
        tags: ['people'],
        operationId: 'lifecycleDryRun',
        summary: 'What removing a person would take (dry run)',
        description: PREVIEW,
        security: [{ serviceAccount: ['lifecycle'] }],
        params: subParams,
        response: answered('What the console holds of the person', 'Dry run: nothing was removed'),
      },
    },
    async (request) => previewDeprovision(app.db, app.registry, request.params.sub),
  );

  app.delete(
    '/api/external/v1/deprovision/:sub',
    {
      ...common,
      schema: {
        tags: ['people'],
        operationId: 'lifecycleDeprovision',
        summary: 'Remove a person everywhere',
        description:
          'Removes the person with this subject: the user, their memberships, their API tokens and their browser sessions (their next request is refused), in one transaction recorded in the audit trail with the service account as actor; every SCIM target that holds them is told to remove them (through the provisioning queue, with retries). Answers what was removed; empty `data` for an unknown person (nothing happens). Scope `lifecycle`.',
        security: [{ serviceAccount: ['lifecycle'] }],
        params: subParams,
        response: answered('What was removed', 'Removed'),
      },
    },
    async (request) => deprovisionPerson(app.db, app.registry, actorOf(request), request.params.sub),
  );
}
