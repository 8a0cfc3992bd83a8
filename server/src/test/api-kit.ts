/**
 * Fixtures for the /api/v1 route tests: an app over the JSON registry (server/registry), the personas
 * logged in, and roles / memberships / invitations written straight into the database.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Authority } from 'shared-auth/rules';
import { fileRegistry } from '../registry/file-registry.js';
import { buildTestApp, loginAs, type TestAppOptions, type TestSession } from './helper.js';

export const HW_GUID = 'ad93daef-0911-e511-80d0-005056956c1a';
export const DAY = 86_400;
export const now = () => Math.floor(Date.now() / 1000);

export function apiApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  return buildTestApp({ registry: fileRegistry(), ...options });
}

export type PersonaKey = 'admin' | 'institutionAdmin' | 'manager' | 'inviter' | 'guest';
export type Sessions = Record<PersonaKey, TestSession>;

export async function loginPersonas(app: FastifyInstance): Promise<Sessions> {
  return {
    admin: await loginAs(app, 'admin'),
    institutionAdmin: await loginAs(app, 'institution-admin'),
    manager: await loginAs(app, 'manager'),
    inviter: await loginAs(app, 'inviter'),
    guest: await loginAs(app, 'guest'),
  };
}

export async function insertRole(
  app: FastifyInstance,
  name: string,
  apps: string[] = ['app-wiki'],
  extra: {
    defaultExpiryDays?: number;
    enforceEmailEquality?: boolean;
    overrideSettingsAllowed?: boolean;
    organizationGUID?: string;
  } = {},
): Promise<number> {
  const shortName = name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO roles (name, short_name, urn, description, organization_guid, default_expiry_days, enforce_email_equality,
       override_settings_allowed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      name,
      shortName,
      `urn:test:${shortName}`,
      `About ${name}`,
      extra.organizationGUID ?? null,
      extra.defaultExpiryDays ?? 365,
      extra.enforceEmailEquality ?? false,
      extra.overrideSettingsAllowed ?? false,
    ],
  );
  const id = Number(rows[0].id);
  for (const manageId of apps) {
    await app.db.query(
      "INSERT INTO application_usages (role_id, manage_id, manage_type, landing_page) VALUES ($1, $2, 'saml20_sp', 'https://example.org')",
      [id, manageId],
    );
  }
  return id;
}

export async function addMember(
  app: FastifyInstance,
  userId: number,
  roleId: number,
  authority: Authority,
  endDate: Date | null = null,
): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>(
    'INSERT INTO user_roles (user_id, role_id, authority, end_date) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, roleId, authority, endDate],
  );
  return Number(rows[0].id);
}

export async function addUser(app: FastifyInstance, email: string): Promise<number> {
  const { rows } = await app.db.query<{ id: string }>(
    "INSERT INTO users (sub, email, name, schac_home_organization) VALUES ($1, $2, $3, 'example.org') RETURNING id",
    [`urn:test:${email}`, email, email.split('@')[0]],
  );
  return Number(rows[0].id);
}

/** An inject call with a session's cookie and CSRF header (or none for anonymous). */
export function call(
  app: FastifyInstance,
  session: TestSession | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: session ? session.headers : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

export async function count(app: FastifyInstance, table: string): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0].n);
}
