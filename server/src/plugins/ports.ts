/**
 * The typed decorations of the Fastify instance and request (ARCHITECTURE "Server"), and the ports the
 * plumbing needs from the registry and the mailer. Domain modules may add members to RegistryPort /
 * MailerPort by declaration merging (`declare module '../plugins/ports.js' { interface RegistryPort … }`).
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ApplicationMap, Institution, User } from 'shared-auth/rules';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/types.js';
import type { Session } from './session.js';

/** What the user loader needs from the application registry. */
export interface RegistryPort {
  /** The registry entries of these manage ids, in any order; ids unknown to the registry are left out. */
  applicationsByManageIds(manageIds: readonly string[]): Promise<ApplicationMap[]>;
  /** The applications owned by the organisation with this GUID (an institution admin's applications). */
  applicationsOfOrganization(organizationGUID: string): Promise<ApplicationMap[]>;
  /** The identity provider with this organisation GUID, as names and logo; null when unknown. */
  institutionOfOrganization(organizationGUID: string): Promise<Institution | null>;
}

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailerPort {
  send(mail: OutgoingMail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    registry: RegistryPort;
    mailer: MailerPort;
    /** preHandler: 401 when the request has no (complete) user. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a user, 403 unless the effective user is a super user. */
    requireSuperUser: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    session: Session;
    /** The effective user: the impersonated one while impersonating; null when anonymous. */
    user: User | null;
    /** The logged-in (or token-owning) user, even while impersonating. */
    realUser: User | null;
    impersonatorId: number | null;
    /** True when the request authenticated with X-API-TOKEN. */
    apiToken: { id: number; superUserToken: boolean; organizationGUID: string | null } | null;
  }
}
