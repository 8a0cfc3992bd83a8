/**
 * The actors and roles of the rule tables (routes/shared-rules*.test.ts): every authority a user can have,
 * each logged in, and for each the user exactly as the server loads it (GET /users/me), which is what the
 * shared rule is asked about.
 */
import type { FastifyInstance } from 'fastify';
import type { Role, User } from 'shared-auth/rules';
import { addMember, addUser, apiApp, call, HW_GUID, insertRole } from './api-kit.js';
import { loginAs, type TestSession } from './helper.js';
import { refreshInstitutionAdmin } from '../stores/authority-grants.store.js';

export const ACTORS = [
  'superUser',
  'institutionAdmin',
  'institutionAdminHolding',
  'institutionAdminWithoutApplications',
  'applicationManager',
  'manager',
  'inviter',
  'guest',
  'noMember',
] as const;
export type ActorKey = (typeof ACTORS)[number];

export interface RuleTable {
  app: FastifyInstance;
  sessions: Record<ActorKey, TestSession>;
  /**
   * wiki: on the institution admin's own application (and the application manager's); forge: on another
   * one; pair: on both (the application manager's to see, not to change).
   */
  roleIds: { wiki: number; forge: number; pair: number };
  /** A fresh user with no roles (a target that is nobody's own). */
  freshUser(): Promise<number>;
  /** The user as the server loads it now. */
  me(actor: ActorKey): Promise<User>;
  /** The role as the server answers it to a super user. */
  role(id: number): Promise<Role>;
}

let seq = 0;

/** An institution admin (of `guid`, or of no organisation) by a grant, as an accepted invitation makes one. */
async function makeInstitutionAdmin(app: FastifyInstance, userId: number, guid: string | null) {
  await app.db.query(
    "INSERT INTO authority_grants (user_id, authority, organization_guid) VALUES ($1, 'INSTITUTION_ADMIN', $2)",
    [userId, guid],
  );
  await refreshInstitutionAdmin(app.db, userId);
}

export async function ruleTable(): Promise<RuleTable> {
  const app = await apiApp({ mailer: { send: async () => undefined } });
  const sessions: Record<ActorKey, TestSession> = {
    superUser: await loginAs(app, 'admin'),
    institutionAdmin: await loginAs(app, 'institution-admin'),
    institutionAdminHolding: await loginAs(app, 'holding.admin@example.org'),
    institutionAdminWithoutApplications: await loginAs(app, 'bare.admin@example.org'),
    applicationManager: await loginAs(app, 'application-manager'),
    manager: await loginAs(app, 'manager'),
    inviter: await loginAs(app, 'inviter'),
    guest: await loginAs(app, 'guest'),
    noMember: await loginAs(app, 'nobody@example.org'),
  };
  await makeInstitutionAdmin(app, sessions.institutionAdminHolding.userId, HW_GUID);
  await makeInstitutionAdmin(app, sessions.institutionAdminWithoutApplications.userId, null);
  const wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  const forge = await insertRole(app, 'Forge Devs', ['app-gitlab']);
  const pair = await insertRole(app, 'Wiki And Forge', ['app-wiki', 'app-gitlab']);
  // The application manager of app-wiki, as an accepted APPLICATION_MANAGER invitation makes one.
  await app.db.query(
    "INSERT INTO user_applications (user_id, manage_id, manage_type) VALUES ($1, 'app-wiki', 'saml20_sp')",
    [sessions.applicationManager.userId],
  );
  await addMember(app, sessions.institutionAdminHolding.userId, wiki, 'GUEST');
  await addMember(app, sessions.manager.userId, wiki, 'MANAGER');
  await addMember(app, sessions.manager.userId, forge, 'INVITER');
  await addMember(app, sessions.inviter.userId, wiki, 'INVITER');
  await addMember(app, sessions.guest.userId, wiki, 'GUEST');
  return {
    app,
    sessions,
    roleIds: { wiki, forge, pair },
    freshUser: () => addUser(app, `rule-target-${++seq}@example.org`),
    me: async (actor) => (await call(app, sessions[actor], 'GET', '/api/v1/users/me')).json(),
    role: async (id) => (await call(app, sessions.superUser, 'GET', `/api/v1/roles/${id}`)).json(),
  };
}
