/** The development mailbox's two pages: the outbox, newest first, and one mail. Plain server HTML. */
import { escapeHtml } from '../../mail/format.js';

export interface OutboxMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
}

/** The development pages' shell (also the development SCIM page's, dev-scim.pages.ts). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:,">
    <style>
      body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #d0d5db; vertical-align: top; }
      a { color: #0057a0; }
      iframe { width: 100%; height: 40rem; border: 1px solid #d0d5db; }
      pre { white-space: pre-wrap; background: #f4f6f8; padding: 1rem; }
      .note { color: #4a4f55; }
    </style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>`;
}

export function when(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

export function mailboxPage(mails: OutboxMail[]): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(when(m.createdAt))}</td><td>${escapeHtml(m.recipient)}</td>` +
        `<td><a href="/dev-mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.kind)}</td></tr>`,
    )
    .join('\n');
  return page(
    'Development mailbox',
    `<h1>Development mailbox</h1>
      <p class="note">Mails the server wrote to its outbox because no SMTP server is configured, newest first.
      Only available while the development identity provider is on.
      What the console provisioned over SCIM: <a href="/dev-scim">Development SCIM service provider</a>.</p>
      ${
        mails.length
          ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Kind</th></tr></thead><tbody>${rows}</tbody></table>`
          : '<p>No mails yet.</p>'
      }`,
  );
}

/**
 * One mail: its HTML in a sandboxed frame (no scripts; a link opens in the whole window, as a mail
 * client would open it) and its plain text.
 */
export function mailPage(mail: OutboxMail): string {
  const framed = mail.html.replace(/<head>/i, '<head><base target="_top">');
  return page(
    mail.subject,
    `<p><a href="/dev-mailbox">&larr; Development mailbox</a></p>
      <h1>${escapeHtml(mail.subject)}</h1>
      <p>To <strong>${escapeHtml(mail.recipient)}</strong>, ${escapeHtml(when(mail.createdAt))}</p>
      <h2>HTML</h2>
      <iframe title="The mail as HTML" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(framed)}"></iframe>
      <h2>Plain text</h2>
      <pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>`,
  );
}
