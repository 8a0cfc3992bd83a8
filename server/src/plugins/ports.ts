/**
 * The typed decorations of the Fastify instance and request (ARCHITECTURE "Server"). The mailer's port is
 * MailerPort (domain/outgoing-mail.ts), the registry's Registry (registry/registry.ts).
 */
import type { User } from 'shared-auth/rules';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/types.js';
import type { MailerPort } from '../domain/outgoing-mail.js';
import type { Registry } from '../registry/registry.js';
import type { Session } from './session.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    registry: Registry;
    mailer: MailerPort;
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
