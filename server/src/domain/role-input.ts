/** Turning a role create/update body into checked values (spec §5 Role form, §6 permissions). */
import {
  deriveShortName,
  mayUseApplicationInRole,
  type ManageType,
  type RoleBody,
  type User,
} from 'shared-auth/rules';
import { httpError } from '../errors.js';
import type { Registry } from '../registry/registry.js';
import { isValidUrl } from './validation.js';
import { idSchema } from './ids.js';
import { fromEpochSeconds } from './time.js';

/** The body of every API's role create and update: defined once, with the console (shared-auth). */
export type { RoleBody };

export const roleBodySchema = {
  type: 'object',
  required: ['name', 'description', 'applicationUsages'],
  properties: {
    id: idSchema,
    name: { type: 'string', maxLength: 255 },
    description: { type: 'string', maxLength: 4000 },
    defaultExpiryDays: {
      type: 'integer',
      minimum: 0,
      maximum: 36500,
      description: 'Memberships end this many days after acceptance (0: never); 0 or absent with `endDate`',
    },
    endDate: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 253_402_300_799,
      description:
        'Epoch seconds: every membership of the role ends on this date at the latest (invitations may not ask for later, acceptance caps at it, and setting it or moving it earlier caps the memberships already there). Not together with a positive `defaultExpiryDays`; in the future unless the server allows past dates.',
    },
    enforceEmailEquality: { type: 'boolean' },
    eduIDOnly: { type: 'boolean' },
    overrideSettingsAllowed: { type: 'boolean' },
    requestedAuthnContext: {
      type: ['string', 'null'],
      maxLength: 1024,
      description:
        'How firmly an invitee must be identified: one of the values of GET manage/requested-authn-context-values (ACR_VALUES), or null for none. The login that accepts an invitation for the role asks the identity provider for it and acceptance checks it. Absent on an update: unchanged.',
    },
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
      endDate: null,
      enforceEmailEquality: false,
      eduIDOnly: false,
      overrideSettingsAllowed: false,
      requestedAuthnContext: 'https://eduid.nl/trust/validate-names',
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

/**
 * The body of a role update (every API's PUT roles): a create's body plus the role's `id`, with the
 * example `example` (a create's body) given that id.
 */
export function roleUpdateBodySchema<X extends object>(example: X) {
  return {
    ...roleBodySchema,
    required: ['id', ...roleBodySchema.required],
    examples: [{ id: '12', ...example }],
  } as const;
}

export interface CheckedUsage {
  manageId: string;
  manageType: ManageType;
  landingPage: string;
}

export interface CheckedRole {
  name: string;
  description: string;
  defaultExpiryDays: number;
  /** The role's fixed end date (memberships end on it at the latest), or null. */
  endDate: Date | null;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  overrideSettingsAllowed: boolean;
  /** The ACR value asked of invitees (checked with checkRequestedAuthnContext); undefined: unchanged. */
  requestedAuthnContext?: string | null;
  inviterDisplayName: string | null;
  organizationGUID: string | null;
  usages: CheckedUsage[];
}

/** What checking a role's end date needs: the setting, and the role's end date now (on an update). */
export interface RoleEndDateContext {
  pastDateAllowed: boolean;
  /** Epoch seconds; an unchanged end date is not checked again (a role that ended may still be edited). */
  current?: number | null;
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
    'The value is invalid for requestedAuthnContext: https://example.org/unknown',
    'Give defaultExpiryDays or endDate, not both',
    'endDate must be in the future',
  ],
  403: "Application app-wiki is not one of your institution's applications",
} as const;

export function shortNameFor(name: string): string {
  const shortName = deriveShortName(name);
  if (!shortName) throw httpError(400, 'The name must contain a letter or a digit');
  return shortName;
}

/**
 * How the role's memberships end: N days after acceptance, or on a fixed date (then defaultExpiryDays is
 * 0). Both at once is refused rather than one silently winning: the form offers one or the other.
 */
function checkedExpiry(body: RoleBody, context: RoleEndDateContext) {
  const endDate = body.endDate ?? null;
  if (endDate === null) return { defaultExpiryDays: body.defaultExpiryDays ?? 365, endDate: null };
  if ((body.defaultExpiryDays ?? 0) > 0) throw httpError(400, 'Give defaultExpiryDays or endDate, not both');
  const changed = endDate !== (context.current ?? null);
  if (changed && !context.pastDateAllowed && endDate * 1000 <= Date.now()) {
    throw httpError(400, 'endDate must be in the future');
  }
  return { defaultExpiryDays: 0, endDate: fromEpochSeconds(endDate) };
}

/** Checks the text fields; 400 with '<attribute> is required' for an empty one. */
function checkedFields(
  body: RoleBody,
  context: RoleEndDateContext,
): Omit<CheckedRole, 'usages' | 'organizationGUID'> {
  const name = body.name.trim();
  const description = body.description.trim();
  if (!name) throw httpError(400, 'name is required');
  if (!description) throw httpError(400, 'description is required');
  const display = body.inviterDisplayName?.trim() ?? '';
  return {
    name,
    description,
    ...checkedExpiry(body, context),
    enforceEmailEquality: body.enforceEmailEquality ?? false,
    eduIDOnly: body.eduIDOnly ?? false,
    overrideSettingsAllowed: body.overrideSettingsAllowed ?? false,
    ...(body.requestedAuthnContext === undefined
      ? {}
      : { requestedAuthnContext: body.requestedAuthnContext?.trim() || null }),
    inviterDisplayName: display === '' ? null : display,
  };
}

/**
 * Checks applications against the registry: each known, none twice, each with a valid landing page, and
 * for an institution admin or an application manager (not super user) each one of theirs.
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
    if (!mayUseApplicationInRole(user, manageId)) {
      throw httpError(403, `Application ${manageId} is not one of your institution's applications`);
    }
    const landingPage = usage.landingPage?.trim() || app.landingPage || '';
    if (!isValidUrl(landingPage))
      throw httpError(400, `The value is invalid for landingPage: ${landingPage}`);
    usages.push({ manageId, manageType: app.manageType, landingPage });
  }
  return usages;
}

/**
 * Organisation of a new or changed role: the institution admin's own, or a super user's validated choice;
 * for an application manager (who acts for no organisation) the first application's owner.
 */
async function organizationFor(body: RoleBody, user: User, registry: Registry, usages: CheckedUsage[]) {
  if (!user.superUser && user.institutionAdmin) return user.organizationGUID ?? null;
  if (!user.superUser) {
    const first = usages[0] ? await registry.provider(usages[0].manageId) : null;
    return first?.institutionGuid ?? null;
  }
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

export async function checkRoleBody(
  body: RoleBody,
  user: User,
  registry: Registry,
  context: RoleEndDateContext,
): Promise<CheckedRole> {
  const fields = checkedFields(body, context);
  const usages = await checkedUsages(body, user, registry);
  return { ...fields, usages, organizationGUID: await organizationFor(body, user, registry, usages) };
}

/** Only the role's own fields (managers may change these, not its applications). */
export function checkRoleFields(
  body: RoleBody,
  context: RoleEndDateContext,
): Omit<CheckedRole, 'usages' | 'organizationGUID'> {
  return checkedFields(body, context);
}

/**
 * Refuses a requested authentication context that is not one of the configured values (ACR_VALUES), with
 * 400 naming it; an empty text counts as none. Routes call it before checking the rest of a role or an
 * invitation: the configured values are the server's, not the schema's.
 */
export function checkRequestedAuthnContext(
  value: string | null | undefined,
  acrValues: Readonly<Record<string, string>>,
): void {
  const acr = value?.trim();
  if (!acr) return;
  if (!Object.values(acrValues).includes(acr)) {
    throw httpError(400, `The value is invalid for requestedAuthnContext: ${acr}`);
  }
}
