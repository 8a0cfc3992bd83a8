/** The mailer's outbox table, where mail lands when no SMTP server is configured (development, tests). */
import type { Queryable } from '../db/types.js';
import type { OutgoingMail } from '../domain/outgoing-mail.js';

/** Keeps a mail instead of sending it. */
export async function writeOutbox(q: Queryable, mail: OutgoingMail): Promise<void> {
  await q.query('INSERT INTO outbox (kind, recipient, subject, html, text) VALUES ($1, $2, $3, $4, $5)', [
    mail.kind,
    mail.to,
    mail.subject,
    mail.html,
    mail.text,
  ]);
}
