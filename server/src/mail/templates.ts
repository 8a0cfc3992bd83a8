import { escapeHtml, formatDate } from './format.js';

export type MailLanguage = 'en' | 'nl';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** How long access through a role lasts once accepted: until a date, a number of days, or without end. */
export type MailAccessPeriod = { until: Date } | { days: number } | { unlimited: true };

export interface MailRole {
  name: string;
  /** Application names, already in the mail's language. */
  applications: string[];
  /** The access period; left out, none is stated. */
  period?: MailAccessPeriod;
}

/** The inviting institution's logo from the registry, at the head of the mail. */
export interface MailLogo {
  url: string;
  /** The institution's name, the image's alternative text. */
  name: string;
}

export interface InvitationMailInput {
  language: MailLanguage;
  inviterName: string;
  roles: MailRole[];
  /** The intended authority in readable form, e.g. "guest" or "manager". */
  authority: string;
  message?: string | null;
  acceptUrl: string;
  expiryDate: Date;
  /** The invitation must be accepted with an eduID account: the mail says to log in with eduID. */
  eduIDOnly?: boolean;
  logo?: MailLogo | null;
}

export interface RoleExpiryMailInput {
  language: MailLanguage;
  userName: string;
  roleName: string;
  applications: string[];
  endDate: Date;
  portalUrl: string;
}

const TEXTS = {
  en: {
    invitationSubject: (inviter: string) => `${inviter} invites you to the access portal`,
    greeting: 'Hello,',
    invites: (inviter: string, authority: string) =>
      `${inviter} has invited you as ${authority} for the following roles:`,
    invitesNoRoles: (inviter: string, authority: string) => `${inviter} has invited you as ${authority}.`,
    messageFrom: (inviter: string) => `Message from ${inviter}:`,
    accept: 'Accept the invitation',
    acceptText: 'Accept the invitation by opening this link:',
    expires: (date: string) => `This invitation is valid until ${date}.`,
    ignore: 'If you do not know why you received this e-mail, you can ignore it.',
    eduIDOnly:
      'Log in with eduID to accept this invitation: the inviter asks for an eduID account. You can create one while logging in.',
    periodUntil: (date: string) => `Access until ${date}`,
    periodDays: (days: number) => `Access for ${days} ${days === 1 ? 'day' : 'days'} after you accept`,
    periodUnlimited: 'Access without an end date',
    expirySubject: (role: string) => `Your access via role ${role} is about to expire`,
    expiryBody: (name: string, role: string, date: string) =>
      `Dear ${name}, your membership of the role ${role} ends on ${date}.`,
    expiryApps: 'This role gives access to:',
    expiryContact: 'Contact the person who invited you if you still need access.',
    openPortal: 'Open the access portal',
  },
  nl: {
    invitationSubject: (inviter: string) => `${inviter} nodigt je uit voor het toegangsportaal`,
    greeting: 'Hallo,',
    invites: (inviter: string, authority: string) =>
      `${inviter} heeft je uitgenodigd als ${authority} voor de volgende rollen:`,
    invitesNoRoles: (inviter: string, authority: string) =>
      `${inviter} heeft je uitgenodigd als ${authority}.`,
    messageFrom: (inviter: string) => `Bericht van ${inviter}:`,
    accept: 'Uitnodiging accepteren',
    acceptText: 'Accepteer de uitnodiging via deze link:',
    expires: (date: string) => `Deze uitnodiging is geldig tot en met ${date}.`,
    ignore: 'Als je niet weet waarom je deze e-mail ontvangt, kun je hem negeren.',
    eduIDOnly:
      'Log in met eduID om deze uitnodiging te accepteren: de uitnodiger vraagt om een eduID-account. Je kunt er een aanmaken tijdens het inloggen.',
    periodUntil: (date: string) => `Toegang tot en met ${date}`,
    periodDays: (days: number) =>
      `Toegang gedurende ${days} ${days === 1 ? 'dag' : 'dagen'} nadat je accepteert`,
    periodUnlimited: 'Toegang zonder einddatum',
    expirySubject: (role: string) => `Je toegang via de rol ${role} verloopt binnenkort`,
    expiryBody: (name: string, role: string, date: string) =>
      `Beste ${name}, je lidmaatschap van de rol ${role} eindigt op ${date}.`,
    expiryApps: 'Deze rol geeft toegang tot:',
    expiryContact: 'Neem contact op met degene die je heeft uitgenodigd als je de toegang nog nodig hebt.',
    openPortal: 'Open het toegangsportaal',
  },
} as const;

const AUTHORITY_NAMES: Record<MailLanguage, Record<string, string>> = {
  en: {
    SUPER_USER: 'super user',
    INSTITUTION_ADMIN: 'institution admin',
    MANAGER: 'manager',
    INVITER: 'inviter',
    GUEST: 'guest',
  },
  nl: {
    SUPER_USER: 'superuser',
    INSTITUTION_ADMIN: 'instellingsbeheerder',
    MANAGER: 'beheerder',
    INVITER: 'uitnodiger',
    GUEST: 'gast',
  },
};

export function authorityName(language: MailLanguage, authority: string): string {
  return AUTHORITY_NAMES[language][authority] ?? authority.toLowerCase();
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#202020;font-size:15px;line-height:22px';

/**
 * The frame every mail client renders alike: tables for layout, inline styles only, no scripts, no
 * external style sheets (Outlook and Gmail drop <style> blocks and ignore flex or grid).
 */
function layout(language: MailLanguage, title: string, rows: string[], logo?: MailLogo | null): string {
  const cells = rows
    .filter(Boolean)
    .map((row) => `<tr><td style="padding:0 32px 16px 32px;${FONT}">${row}</td></tr>`)
    .join('');
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f2f4f7">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f2f4f7">',
    '<tr><td align="center" style="padding:24px 8px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #dfe3e8">',
    logo
      ? `<tr><td style="padding:16px 32px"><img src="${escapeHtml(logo.url)}" alt="${escapeHtml(logo.name)}" height="48" style="display:block;height:48px;width:auto;border:0"></td></tr>`
      : '',
    `<tr><td style="padding:20px 32px;background-color:#0077c8;color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:18px;font-weight:bold">${escapeHtml(title)}</td></tr>`,
    '<tr><td style="height:24px;line-height:24px;font-size:0">&nbsp;</td></tr>',
    cells,
    '</table></td></tr></table></body></html>',
  ].join('');
}

/** A button made of a table cell: the one form of button that Outlook renders with its colour. */
function button(href: string, label: string): string {
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>' +
    `<td bgcolor="#0077c8" style="border-radius:4px;background-color:#0077c8">` +
    `<a href="${escapeHtml(href)}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>` +
    '</td></tr></table>'
  );
}

function periodText(language: MailLanguage, period: MailAccessPeriod): string {
  const t = TEXTS[language];
  if ('until' in period) return t.periodUntil(formatDate(period.until));
  if ('days' in period) return t.periodDays(period.days);
  return t.periodUnlimited;
}

function roleLine(language: MailLanguage, role: MailRole): string {
  const line = role.applications.length ? `${role.name} (${role.applications.join(', ')})` : role.name;
  return role.period ? `${line}: ${periodText(language, role.period)}` : line;
}

function roleRows(language: MailLanguage, roles: MailRole[]): string {
  if (!roles.length) return '';
  const rows = roles
    .map(
      (r) =>
        `<tr><td style="padding:8px 12px;border-bottom:1px solid #dfe3e8;${FONT}"><strong>${escapeHtml(r.name)}</strong>` +
        (r.applications.length
          ? `<br><span style="color:#5e6873;font-size:13px">${escapeHtml(r.applications.join(', '))}</span>`
          : '') +
        (r.period
          ? `<br><span style="font-size:13px">${escapeHtml(periodText(language, r.period))}</span>`
          : '') +
        '</td></tr>',
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border:1px solid #dfe3e8;border-bottom:0">${rows}</table>`;
}

export function invitationMail(input: InvitationMailInput): RenderedMail {
  const t = TEXTS[input.language];
  const expiry = formatDate(input.expiryDate);
  const intro = input.roles.length
    ? t.invites(input.inviterName, input.authority)
    : t.invitesNoRoles(input.inviterName, input.authority);
  const message = input.message?.trim();
  const subject = t.invitationSubject(input.inviterName);

  const text = [
    t.greeting,
    '',
    intro,
    ...input.roles.map((r) => `- ${roleLine(input.language, r)}`),
    // A super user's or an institution admin's right lasts until it is removed.
    ...(input.roles.length === 0 ? [t.periodUnlimited] : []),
    ...(message ? ['', t.messageFrom(input.inviterName), message] : []),
    ...(input.eduIDOnly ? ['', t.eduIDOnly] : []),
    '',
    t.acceptText,
    input.acceptUrl,
    '',
    t.expires(expiry),
    t.ignore,
  ].join('\n');

  const html = layout(
    input.language,
    subject,
    [
      escapeHtml(t.greeting),
      escapeHtml(intro),
      input.roles.length ? roleRows(input.language, input.roles) : escapeHtml(t.periodUnlimited),
      message
        ? `${escapeHtml(t.messageFrom(input.inviterName))}<div style="margin-top:8px;padding:8px 12px;border-left:4px solid #dfe3e8;white-space:pre-wrap">${escapeHtml(message)}</div>`
        : '',
      input.eduIDOnly ? `<strong>${escapeHtml(t.eduIDOnly)}</strong>` : '',
      button(input.acceptUrl, t.accept),
      `<span style="font-size:13px;color:#5e6873">${escapeHtml(t.acceptText)}<br><a href="${escapeHtml(input.acceptUrl)}" style="color:#0077c8;word-break:break-all">${escapeHtml(input.acceptUrl)}</a></span>`,
      `<strong>${escapeHtml(t.expires(expiry))}</strong>`,
      `<span style="color:#5e6873;font-size:13px">${escapeHtml(t.ignore)}</span>`,
    ],
    input.logo,
  );
  return { subject, html, text };
}

export function roleExpiryMail(input: RoleExpiryMailInput): RenderedMail {
  const t = TEXTS[input.language];
  const body = t.expiryBody(input.userName, input.roleName, formatDate(input.endDate));
  const text = [
    body,
    ...(input.applications.length ? ['', t.expiryApps, ...input.applications.map((a) => `- ${a}`)] : []),
    '',
    t.expiryContact,
    input.portalUrl,
  ].join('\n');
  const subject = t.expirySubject(input.roleName);
  const html = layout(input.language, subject, [
    escapeHtml(body),
    input.applications.length
      ? `${escapeHtml(t.expiryApps)}<br>${input.applications.map((a) => `&bull; ${escapeHtml(a)}`).join('<br>')}`
      : '',
    escapeHtml(t.expiryContact),
    button(input.portalUrl, t.openPortal),
  ]);
  return { subject, html, text };
}
