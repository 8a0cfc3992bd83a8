/**
 * Development data (DEV_SEED): the dev-IdP personas as users, and roles, memberships, invitations and
 * tokens around them, so every screen shows something. Runs only on a database without roles.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PERSONAS } from '../idp/personas.js';
import { upsertUserFromClaims } from '../../oidc/user-from-claims.js';
import { DAY_MS } from '../../domain/time.js';
import { LOCK_KEYS, waitForLock } from '../../db/locks.js';
import {
  SEED_APPLICATION_MANAGERS,
  SEED_INVITATIONS,
  SEED_MEMBERSHIPS,
  SEED_PEOPLE,
  SEED_ROLES,
} from './dev-seed.data.js';

export interface DevSeedResult {
  seeded: boolean;
  users: number;
  roles: number;
  userRoles: number;
  invitations: number;
  tokens: number;
}

function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY_MS);
}

export async function seedDevelopmentData(app: FastifyInstance): Promise<DevSeedResult> {
  const prefix = app.config.groupUrnPrefix;
  return app.db.tx(async (q) => {
    // Two instances starting together on one empty PostgreSQL: the second waits here, then finds the data.
    await waitForLock(q, LOCK_KEYS.devSeed);
    const existing = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
    if (Number(existing.rows[0].n) > 0)
      return { seeded: false, users: 0, roles: 0, userRoles: 0, invitations: 0, tokens: 0 };

    const userIds = new Map<string, number>();
    for (const persona of PERSONAS) {
      if (persona.username === 'incomplete') continue;
      const id = await upsertUserFromClaims(q, app.config, { ...persona.claims });
      userIds.set(persona.username, Number(id));
    }
    for (const person of SEED_PEOPLE) {
      const [given, ...family] = person.name.split(' ');
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO users (sub, email, given_name, family_name, name, eduperson_principal_name, schac_home_organization,
           last_activity)
         VALUES ($1, $2, $3, $4, $5, $2, 'example.org', now() - interval '3 days') ON CONFLICT (sub) DO UPDATE SET email = EXCLUDED.email
         RETURNING id`,
        [person.sub, person.email, given, family.join(' '), person.name],
      );
      userIds.set(person.email, Number(rows[0].id));
    }

    const roleIds = new Map<string, number>();
    for (const role of SEED_ROLES) {
      const shortName = role.name
        .toLowerCase()
        .replace(/\s+/g, '_')
        .replace(/[^a-z0-9_.]/g, '');
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO roles (name, short_name, urn, description, default_expiry_days, override_settings_allowed,
           enforce_email_equality, inviter_display_name, organization_guid, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'admin@example.org') RETURNING id`,
        [
          role.name,
          shortName,
          `${prefix}:${shortName}`,
          role.description,
          role.defaultExpiryDays ?? 365,
          role.overrideSettingsAllowed ?? false,
          role.enforceEmailEquality ?? false,
          role.inviterDisplayName ?? null,
          role.organizationGUID,
        ],
      );
      const id = Number(rows[0].id);
      roleIds.set(role.key, id);
      for (const [manageId, manageType] of role.apps) {
        const known = await app.registry.provider(manageId);
        const landingPage =
          known?.landingPage ?? `https://${manageId.replace(/^app-/, '')}.example.org/welcome`;
        await q.query(
          'INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page) VALUES ($1, $2, $3, $4)',
          [id, manageId, manageType, landingPage],
        );
      }
    }

    for (const m of SEED_MEMBERSHIPS) {
      await q.query(
        `INSERT INTO user_roles (user_id, role_id, authority, guest_role_included, end_date, inviter, created_at)
         VALUES ($1, $2, $3, $4, $5, 'manager@example.org', now() - interval '60 days')`,
        [
          userIds.get(m.who),
          roleIds.get(m.role),
          m.authority,
          m.guestRoleIncluded ?? false,
          m.endInDays === null ? null : daysFromNow(m.endInDays),
        ],
      );
    }

    for (const inv of SEED_INVITATIONS) {
      const expiry = inv.state === 'expired' ? daysFromNow(-5) : daysFromNow(inv.state === 'open' ? 21 : 10);
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO invitations (hash, email, intended_authority, status, message, language, organization_guid,
           expiry_date, inviter_id, accepted_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - interval '9 days') RETURNING id`,
        [
          randomBytes(32).toString('base64url'),
          inv.email,
          inv.authority,
          inv.state === 'accepted' ? 'ACCEPTED' : 'OPEN',
          inv.message ?? null,
          inv.language ?? 'en',
          inv.authority === 'INSTITUTION_ADMIN' ? 'ad93daef-0911-e511-80d0-005056956c1a' : null,
          expiry,
          userIds.get(inv.inviter),
          inv.state === 'accepted' ? daysFromNow(-2) : null,
        ],
      );
      for (const key of inv.roles) {
        await q.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
          rows[0].id,
          roleIds.get(key),
        ]);
      }
    }

    // Application managers, each through an accepted APPLICATION_MANAGER invitation (its history shows it).
    for (const grant of SEED_APPLICATION_MANAGERS) {
      const inviterId = userIds.get(grant.inviter);
      const email =
        PERSONAS.find((p) => p.username === grant.who)?.claims.email ?? `${grant.who}@example.org`;
      const { rows } = await q.query<{ id: string }>(
        `INSERT INTO invitations (hash, email, intended_authority, status, language, expiry_date, inviter_id,
           accepted_by, accepted_at, created_at)
         VALUES ($1, $2, 'APPLICATION_MANAGER', 'ACCEPTED', 'en', $3, $4, $5, now() - interval '20 days',
           now() - interval '21 days') RETURNING id`,
        [randomBytes(32).toString('base64url'), email, daysFromNow(-7), inviterId, userIds.get(grant.who)],
      );
      for (const [manageId, manageType] of grant.apps) {
        await q.query(
          'INSERT INTO invitation_applications (invitation_id, manage_id, manage_type) VALUES ($1, $2, $3)',
          [rows[0].id, manageId, manageType],
        );
        await q.query(
          `INSERT INTO user_applications (user_id, manage_id, manage_type, invitation_id, granted_by_id,
             granted_by_name, granted_at)
           SELECT $1, $2, $3, $4, u.id, u.name, now() - interval '20 days' FROM users u WHERE u.id = $5`,
          [userIds.get(grant.who), manageId, manageType, rows[0].id, inviterId],
        );
      }
    }

    // Secrets nobody knows: the tokens only need to show up in the lists.
    const tokens: Array<[string, string, boolean, string | null]> = [
      ['admin', 'Nightly user export', true, null],
      [
        'institution-admin',
        'Provisioning of the research wiki',
        false,
        'ad93daef-0911-e511-80d0-005056956c1a',
      ],
      ['manager', 'Course enrolment script', false, null],
    ];
    for (const [who, description, superUserToken, guid] of tokens) {
      await q.query(
        `INSERT INTO api_tokens (hashed_value, description, owner_id, organization_guid, super_user_token)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          createHash('sha256').update(randomBytes(32)).digest('hex'),
          description,
          userIds.get(who),
          guid,
          superUserToken,
        ],
      );
    }
    return {
      seeded: true,
      users: userIds.size,
      roles: roleIds.size,
      userRoles: SEED_MEMBERSHIPS.length,
      invitations: SEED_INVITATIONS.length + SEED_APPLICATION_MANAGERS.length,
      tokens: tokens.length,
    };
  });
}
