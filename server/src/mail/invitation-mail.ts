/** The invitation e-mail for one invitation (spec: HTML and text, en or nl, accept link, expiry date). */
import type { Invitation, Role, User } from 'shared-auth/rules';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import {
  authorityName,
  invitationMail,
  type MailAccessPeriod,
  type MailLanguage,
  type MailLogo,
} from './templates.js';

/** The accept link of an invitation, as its mail carries it (and the external API answers it). */
export function invitationUrl(publicUrl: string, hash: string): string {
  return `${publicUrl}/invitation/accept?hash=${encodeURIComponent(hash)}`;
}

function applicationName(map: Role['applicationMaps'][number], language: MailLanguage): string | null {
  const other = language === 'en' ? 'nl' : 'en';
  const name = (map[`name:${language}`] ?? map[`name:${other}`]) as string | undefined;
  return map.unknown ? null : (name ?? null);
}

/** The inviter as the invitee reads it: a role's custom inviter display name wins over the user's name. */
export function inviterDisplayName(inviter: Pick<User, 'name' | 'email'> | null, roles: Role[]): string {
  const custom = roles.map((r) => r.inviterDisplayName?.trim()).find((n) => n);
  return custom || inviter?.name || inviter?.email || 'The access portal';
}

/**
 * How long the access through one role of the invitation lasts once accepted: the invitation's role expiry
 * date, else the role's own end date, else its default number of days, else without end.
 */
export function accessPeriod(
  link: Invitation['roles'][number],
  invitation: Pick<Invitation, 'roleExpiryDate'>,
): MailAccessPeriod {
  const until = link.endDate ?? invitation.roleExpiryDate ?? null;
  if (until) return { until: new Date(until * 1000) };
  if (link.role.endDate && !(link.role.defaultExpiryDays > 0))
    return { until: new Date(link.role.endDate * 1000) };
  if (link.role.defaultExpiryDays > 0) return { days: link.role.defaultExpiryDays };
  return { unlimited: true };
}

export function invitationMessage(
  invitation: Invitation,
  hash: string,
  inviterName: string,
  publicUrl: string,
  logo: MailLogo | null = null,
): OutgoingMail & { acceptUrl: string } {
  const language: MailLanguage = invitation.language === 'nl' ? 'nl' : 'en';
  const acceptUrl = invitationUrl(publicUrl, hash);
  const mail = invitationMail({
    language,
    inviterName,
    authority: authorityName(language, invitation.intendedAuthority),
    roles: invitation.roles.map((link) => ({
      name: link.role.name,
      applications: link.role.applicationMaps
        .map((m) => applicationName(m, language))
        .filter((n): n is string => !!n),
      period: accessPeriod(link, invitation),
    })),
    message: invitation.message,
    acceptUrl,
    expiryDate: new Date(invitation.expiryDate * 1000),
    eduIDOnly: invitation.eduIDOnly,
    logo: logo && { ...logo, url: new URL(logo.url, `${publicUrl}/`).href },
  });
  return { kind: 'invitation', to: invitation.email, ...mail, acceptUrl };
}
