/** A mail as the server hands it to the mailer (or to the outbox table when no SMTP server is set). */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** The port of the mailer: SMTP, or the outbox (mail/mailer.ts). */
export interface MailerPort {
  send(mail: OutgoingMail): Promise<void>;
}
