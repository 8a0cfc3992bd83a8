/** Turns the claims of a login into a user row: created on first login, updated on every next one. */
import type { AppConfig } from '../config.js';
import type { Queryable } from '../db/types.js';
import { upsertUser } from '../stores/users.store.js';

export interface LoginClaims {
  sub?: unknown;
  email?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  eduperson_principal_name?: unknown;
  schac_home_organization?: unknown;
  eduperson_entitlement?: unknown;
}

/** The attributes a user must have to log in (spec §6), as the console names them. */
export const REQUIRED_ATTRIBUTES = [
  ['sub', 'sub'],
  ['email', 'email'],
  ['given_name', 'givenName'],
  ['family_name', 'familyName'],
  ['schac_home_organization', 'schacHomeOrganization'],
] as const;

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (Array.isArray(value) && typeof value[0] === 'string' && value[0].trim()) return value[0].trim();
  return null;
}

export function missingAttributes(claims: LoginClaims): string[] {
  return REQUIRED_ATTRIBUTES.filter(([claim]) => !text(claims[claim as keyof LoginClaims])).map(
    ([, name]) => name,
  );
}

function entitlements(claims: LoginClaims): string[] {
  const value = claims.eduperson_entitlement;
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export interface DerivedFlags {
  superUser: boolean;
  institutionAdmin: boolean;
  organizationGUID: string | null;
}

/** Super user from SUPER_USER_SUBS; institution admin needs both the entitlement and an organisation GUID. */
export function deriveFlags(config: AppConfig, claims: LoginClaims): DerivedFlags {
  const sub = text(claims.sub) ?? '';
  const all = entitlements(claims);
  const guidEntitlement = all.find((e) => e.startsWith(config.organizationGuidEntitlementPrefix));
  const organizationGUID = guidEntitlement
    ? guidEntitlement.slice(config.organizationGuidEntitlementPrefix.length) || null
    : null;
  return {
    superUser: config.superUserSubs.includes(sub),
    institutionAdmin: all.includes(config.institutionAdminEntitlement) && organizationGUID !== null,
    organizationGUID,
  };
}

/** Creates or updates the user of these (complete) claims; returns the user id. */
export async function upsertUserFromClaims(
  q: Queryable,
  config: AppConfig,
  claims: LoginClaims,
): Promise<number> {
  const flags = deriveFlags(config, claims);
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const name = text(claims.name) ?? ([given, family].filter(Boolean).join(' ') || null);
  return upsertUser(q, {
    sub: text(claims.sub),
    email: text(claims.email)?.toLowerCase() ?? null,
    givenName: given,
    familyName: family,
    name,
    eduPersonPrincipalName: text(claims.eduperson_principal_name),
    schacHomeOrganization: text(claims.schac_home_organization),
    organizationGUID: flags.organizationGUID,
    superUser: flags.superUser,
    institutionAdmin: flags.institutionAdmin,
  });
}
