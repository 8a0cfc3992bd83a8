/**
 * The typed decorations of the Fastify instance and request (ARCHITECTURE "Server"). The mailer's port is
 * MailerPort (domain/outgoing-mail.ts), the registry's Registry (registry/registry.ts).
 */
import type { User } from 'shared-auth/rules';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/types.js';
import type { MailerPort } from '../domain/outgoing-mail.js';
import type { RegistrySnapshot } from '../registry/registry-snapshot.js';
import type { Registry } from '../registry/registry.js';
import type { Session } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on routes that authenticate their callers themselves (the external API's X-API-TOKEN,
     * `api-token`; HTTP Basic service accounts): the session, authentication and CSRF hooks leave them be.
     */
    authentication?: string;
    /**
     * The errors the handler (or a use case it calls) answers besides those its permission, its schema
     * and its method imply: status -> when, in words a caller can act on. Read only by the console's API
     * document (plugins/openapi-errors.ts); the answers themselves come from the code.
     */
    errors?: Readonly<Record<number, string | readonly string[]>>;
  }
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    registry: Registry;
    /** The registry's snapshot in the database (null when a test hands in a registry of its own kind). */
    registrySnapshot: RegistrySnapshot | null;
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
    apiToken: {
      id: number;
      description: string;
      superUserToken: boolean;
      organizationGUID: string | null;
    } | null;
  }
}
