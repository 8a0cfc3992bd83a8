/** Turning a role create/update body into checked values (spec §5 Role form, §6 permissions). */
import { deriveShortName, userManagesApplication, type ManageType, type User } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import type { Registry } from '../registry/registry.js';
import { isValidUrl } from './validation.js';
import { idSchema } from './ids.js';

export interface RoleBody {
  id?: number;
  name: string;
  description: string;
  defaultExpiryDays?: number;
  enforceEmailEquality?: boolean;
  eduIDOnly?: boolean;
  overrideSettingsAllowed?: boolean;
  inviterDisplayName?: string | null;
  organizationGUID?: string | null;
  applicationUsages: Array<{
    application: { manageId: string; manageType?: string };
    landingPage?: string | null;
  }>;
}

export const roleBodySchema = {
  type: 'object',
  required: ['name', 'description', 'applicationUsages'],
  properties: {
    id: idSchema,
    name: { type: 'string', maxLength: 255 },
    description: { type: 'string', maxLength: 4000 },
    defaultExpiryDays: { type: 'integer', minimum: 0, maximum: 36500 },
    enforceEmailEquality: { type: 'boolean' },
    eduIDOnly: { type: 'boolean' },
    overrideSettingsAllowed: { type: 'boolean' },
    inviterDisplayName: { type: ['string', 'null'], maxLength: 255 },
    organizationGUID: { type: ['string', 'null'], maxLength: 255 },
    applicationUsages: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        required: ['application'],
        properties: {
          application: {
            type: 'object',
            required: ['manageId'],
            properties: {
              manageId: { type: 'string', minLength: 1, maxLength: 255 },
              manageType: { type: 'string', enum: ['saml20_sp', 'oidc10_rp'] },
            },
          },
          landingPage: { type: ['string', 'null'], maxLength: 2048 },
        },
      },
    },
  },
  examples: [
    {
      name: 'Research wiki editors',
      description: 'May edit the research wiki',
      defaultExpiryDays: 365,
      enforceEmailEquality: false,
      eduIDOnly: false,
      overrideSettingsAllowed: false,
      inviterDisplayName: null,
      organizationGUID: null,
      applicationUsages: [
        {
          application: { manageId: 'app-wiki', manageType: 'saml20_sp' },
          landingPage: 'https://wiki.uni-harderwijk.example.org/welcome',
        },
      ],
    },
  ],
} as const;

export interface CheckedUsage {
  manageId: string;
  manageType: ManageType;
  landingPage: string;
}

export interface CheckedRole {
  name: string;
  description: string;
  defaultExpiryDays: number;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  overrideSettingsAllowed: boolean;
  inviterDisplayName: string | null;
  organizationGUID: string | null;
  usages: CheckedUsage[];
}

/** What checking a role's body refuses with (for the API document: the route config's `errors`). */
export const ROLE_INPUT_ERRORS = {
  400: [
    'name is required',
    'description is required',
    'The name must contain a letter or a digit',
    'Application app-wiki is chosen twice',
    'Application app-wiki is unknown in the registry',
    'The value is invalid for landingPage: wiki',
    'The value is invalid for organizationGUID',
  ],
  403: "Application app-wiki is not one of your institution's applications",
} as const;

export function shortNameFor(name: string): string {
  const shortName = deriveShortName(name);
  if (!shortName) throw httpError(400, 'The name must contain a letter or a digit');
  return shortName;
}

/** Checks the text fields; 400 with '<attribute> is required' for an empty one. */
function checkedFields(body: RoleBody): Omit<CheckedRole, 'usages' | 'organizationGUID'> {
  const name = body.name.trim();
  const description = body.description.trim();
  if (!name) throw httpError(400, 'name is required');
  if (!description) throw httpError(400, 'description is required');
  const display = body.inviterDisplayName?.trim() ?? '';
  return {
    name,
    description,
    defaultExpiryDays: body.defaultExpiryDays ?? 365,
    enforceEmailEquality: body.enforceEmailEquality ?? false,
    eduIDOnly: body.eduIDOnly ?? false,
    overrideSettingsAllowed: body.overrideSettingsAllowed ?? false,
    inviterDisplayName: display === '' ? null : display,
  };
}

/**
 * Checks applications against the registry: each known, none twice, each with a valid landing page, and
 * for an institution admin (not super user) each one of theirs.
 */
async function checkedUsages(body: RoleBody, user: User, registry: Registry): Promise<CheckedUsage[]> {
  const seen = new Set<string>();
  const usages: CheckedUsage[] = [];
  for (const usage of body.applicationUsages) {
    const manageId = usage.application.manageId;
    if (seen.has(manageId)) throw httpError(400, `Application ${manageId} is chosen twice`);
    seen.add(manageId);
    const app = await registry.provider(manageId);
    if (!app) throw httpError(400, `Application ${manageId} is unknown in the registry`);
    if (!user.superUser && !userManagesApplication(user, manageId)) {
      throw httpError(403, `Application ${manageId} is not one of your institution's applications`);
    }
    const landingPage = usage.landingPage?.trim() || app.landingPage || '';
    if (!isValidUrl(landingPage))
      throw httpError(400, `The value is invalid for landingPage: ${landingPage}`);
    usages.push({ manageId, manageType: app.manageType, landingPage });
  }
  return usages;
}

/** Organisation of a new or changed role: the institution admin's own, or a super user's validated choice. */
async function organizationFor(body: RoleBody, user: User, registry: Registry, usages: CheckedUsage[]) {
  if (!user.superUser) return user.organizationGUID ?? null;
  const given = body.organizationGUID?.trim();
  if (given) {
    if (!(await registry.identityProviderByOrganizationGUID(given))) {
      throw httpError(400, 'The value is invalid for organizationGUID');
    }
    return given;
  }
  const first = usages[0] ? await registry.provider(usages[0].manageId) : null;
  return first?.institutionGuid ?? null;
}

export async function checkRoleBody(body: RoleBody, user: User, registry: Registry): Promise<CheckedRole> {
  const fields = checkedFields(body);
  const usages = await checkedUsages(body, user, registry);
  return { ...fields, usages, organizationGUID: await organizationFor(body, user, registry, usages) };
}

/** Only the role's own fields (managers may change these, not its applications). */
export function checkRoleFields(body: RoleBody): Omit<CheckedRole, 'usages' | 'organizationGUID'> {
  return checkedFields(body);
}
