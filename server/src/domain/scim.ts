/**
 * What the console sends to a SCIM target (RFC 7643 resources, RFC 7644 PATCH), as OpenConext Invite
 * sends it: pure functions from our rows to SCIM bodies.
 */
import { createHash } from 'node:crypto';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export type ScimUserIdentifier = 'eduperson_principal_name' | 'subject_id' | 'email';

/** A person as the worker reads them. */
export interface ScimPerson {
  sub: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  eduPersonPrincipalName: string | null;
}

/** A role as its group: its name and urn. */
export interface ScimRole {
  name: string;
  urn: string;
}

export interface ScimUserBody {
  schemas: string[];
  externalId: string;
  userName: string;
  name: { givenName?: string; familyName?: string; formatted?: string };
  displayName: string;
  emails: Array<{ value: string; primary: boolean }>;
  active: boolean;
}

export interface ScimGroupBody {
  schemas: string[];
  externalId: string;
  displayName: string;
  members: Array<{ value: string }>;
}

export interface ScimPatchBody {
  schemas: string[];
  Operations: Array<{ op: 'add' | 'remove' | 'replace'; path: string; value?: unknown }>;
}

/** The value a target knows a person by (its userName and externalId); the subject when it is missing. */
export function userIdentifier(person: ScimPerson, identifier: ScimUserIdentifier): string {
  switch (identifier) {
    case 'subject_id':
      return person.sub;
    case 'email':
      return person.email ?? person.sub;
    default:
      return person.eduPersonPrincipalName ?? person.sub;
  }
}

export function scimUser(person: ScimPerson, identifier: ScimUserIdentifier): ScimUserBody {
  const id = userIdentifier(person, identifier);
  const formatted =
    person.name ?? ([person.givenName, person.familyName].filter(Boolean).join(' ') || undefined);
  return {
    schemas: [SCIM_USER_SCHEMA],
    externalId: id,
    userName: id,
    name: {
      ...(person.givenName ? { givenName: person.givenName } : {}),
      ...(person.familyName ? { familyName: person.familyName } : {}),
      ...(formatted ? { formatted } : {}),
    },
    displayName: formatted ?? person.email ?? id,
    emails: person.email ? [{ value: person.email, primary: true }] : [],
    active: true,
  };
}

export function scimGroup(role: ScimRole, memberIds: readonly string[]): ScimGroupBody {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    externalId: role.urn,
    displayName: role.name,
    members: memberIds.map((value) => ({ value })),
  };
}

/**
 * Member changes as one PATCH (RFC 7644 §3.5.2): an add of the new members with a value list; a remove per
 * member with a value filter (a remove of `members` without a filter would empty the group).
 */
export function membersPatch(add: readonly string[], remove: readonly string[]): ScimPatchBody {
  const operations: ScimPatchBody['Operations'] = [];
  if (add.length > 0) operations.push({ op: 'add', path: 'members', value: add.map((value) => ({ value })) });
  for (const id of remove) operations.push({ op: 'remove', path: `members[value eq ${JSON.stringify(id)}]` });
  return { schemas: [SCIM_PATCH_SCHEMA], Operations: operations };
}

/** A group's name change alone, as a PATCH replace. */
export function renamePatch(role: ScimRole): ScimPatchBody {
  return {
    schemas: [SCIM_PATCH_SCHEMA],
    Operations: [{ op: 'replace', path: 'displayName', value: role.name }],
  };
}

/** A digest of what was sent, to tell whether a resource needs sending again. */
export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** The SCIM filter that finds a resource by an attribute (RFC 7644 §3.4.2.2), its value quoted. */
export function eqFilter(attribute: string, value: string): string {
  return `${attribute} eq ${JSON.stringify(value)}`;
}
