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

/** SMTP when SMTP_URL is set, otherwise the outbox table plus a log line (development). */
export function createMailer({ smtpUrl, from, db, log }: MailerOptions): MailerPort {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
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
  };
}
