import type { SentMail } from 'shared-auth/rules';

/**
 * A mail as the server hands it to the mailer (or to the outbox table when no SMTP server is set); the
 * expiry notifications job answers these as the console's SentMail (shared-auth).
 */
export interface OutgoingMail extends SentMail {
  kind: string;
}

/** The port of the mailer: SMTP, or the outbox (mail/mailer.ts). */
export interface MailerPort {
  send(mail: OutgoingMail): Promise<void>;
}
