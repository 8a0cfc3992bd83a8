/** The invitation e-mail for one invitation (spec: HTML and text, en or nl, accept link, expiry date). */
import type { Invitation, Role, User } from 'shared-auth/rules';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { authorityName, invitationMail, type MailLanguage } from './templates.js';

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

export function invitationMessage(
  invitation: Invitation,
  hash: string,
  inviterName: string,
  publicUrl: string,
): OutgoingMail & { acceptUrl: string } {
  const language: MailLanguage = invitation.language === 'nl' ? 'nl' : 'en';
  const acceptUrl = invitationUrl(publicUrl, hash);
  const mail = invitationMail({
    language,
    inviterName,
    authority: authorityName(language, invitation.intendedAuthority),
    roles: invitation.roles.map(({ role }) => ({
      name: role.name,
      applications: role.applicationMaps
        .map((m) => applicationName(m, language))
        .filter((n): n is string => !!n),
    })),
    message: invitation.message,
    acceptUrl,
    expiryDate: new Date(invitation.expiryDate * 1000),
  });
  return { kind: 'invitation', to: invitation.email, ...mail, acceptUrl };
}
