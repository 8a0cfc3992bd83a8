import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/types.js';
import type { MailerPort } from '../plugins/ports.js';
import { writeOutbox } from '../stores/outbox.store.js';

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Used when no SMTP server is configured: the mail lands in the outbox table. */
  db: Queryable;
  log: FastifyBaseLogger;
}

/** Connections kept open to the SMTP server: a bulk invitation then mails over a few reused ones. */
export const SMTP_MAX_CONNECTIONS = 5;

/**
 * SMTP_URL with a connection pool, unless the URL sets `pool` itself: opening a connection per mail made
 * 100 invitations take 16 s.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) {
    url.searchParams.set('pool', 'true');
    if (!url.searchParams.has('maxConnections'))
      url.searchParams.set('maxConnections', String(SMTP_MAX_CONNECTIONS));
  }
  return url.toString();
}

/** SMTP when SMTP_URL is set, otherwise the outbox table plus a log line (development). */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): MailerPort & { close(): void } {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(pooledSmtpUrl(smtpUrl));
    return {
      async send(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
        log.info({ kind: message.kind, to: message.to }, 'mail sent');
      },
      // The pool keeps connections open: closed with the app.
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      await writeOutbox(db, message);
      log.info(
        { kind: message.kind, to: message.to, subject: message.subject },
        'mail written to the outbox',
      );
    },
    close: () => undefined,
  };
}
