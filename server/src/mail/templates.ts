import { escapeHtml, formatDate } from './format.js';

export type MailLanguage = 'en' | 'nl';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailRole {
  name: string;
  /** Application names, already in the mail's language. */
  applications: string[];
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

function layout(body: string): string {
  return `<!DOCTYPE html><html><body style="font-family:Arial,sans-serif;color:#202020;line-height:1.5">${body}</body></html>`;
}

function roleLine(role: MailRole): string {
  return role.applications.length ? `${role.name} (${role.applications.join(', ')})` : role.name;
}

export function invitationMail(input: InvitationMailInput): RenderedMail {
  const t = TEXTS[input.language];
  const expiry = formatDate(input.expiryDate);
  const intro = input.roles.length
    ? t.invites(input.inviterName, input.authority)
    : t.invitesNoRoles(input.inviterName, input.authority);
  const message = input.message?.trim();

  const text = [
    t.greeting,
    '',
    intro,
    ...input.roles.map((r) => `- ${roleLine(r)}`),
    ...(message ? ['', t.messageFrom(input.inviterName), message] : []),
    '',
    t.acceptText,
    input.acceptUrl,
    '',
    t.expires(expiry),
    t.ignore,
  ].join('\n');

  const html = layout(
    [
      `<p>${escapeHtml(t.greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      input.roles.length
        ? `<ul>${input.roles.map((r) => `<li>${escapeHtml(roleLine(r))}</li>`).join('')}</ul>`
        : '',
      message
        ? `<p>${escapeHtml(t.messageFrom(input.inviterName))}</p><blockquote style="white-space:pre-wrap">${escapeHtml(message)}</blockquote>`
        : '',
      `<p><a href="${escapeHtml(input.acceptUrl)}" style="background:#0077c8;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${escapeHtml(t.accept)}</a></p>`,
      `<p>${escapeHtml(t.expires(expiry))}</p>`,
      `<p style="color:#666">${escapeHtml(t.ignore)}</p>`,
    ].join(''),
  );
  return { subject: t.invitationSubject(input.inviterName), html, text };
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
  const html = layout(
    [
      `<p>${escapeHtml(body)}</p>`,
      input.applications.length
        ? `<p>${escapeHtml(t.expiryApps)}</p><ul>${input.applications.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>`
        : '',
      `<p>${escapeHtml(t.expiryContact)}</p>`,
      `<p><a href="${escapeHtml(input.portalUrl)}">${escapeHtml(t.openPortal)}</a></p>`,
    ].join(''),
  );
  return { subject: t.expirySubject(input.roleName), html, text };
}
