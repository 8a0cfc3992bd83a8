import { allowedToDeleteInvitation, invitationStatus, type ListedInvitation, type User } from 'shared-auth';

/**
 * Resend and revoke (spec §6 'Invitations have their own check'): the shared rule, or the user's own
 * invitation (the server allows its inviter too). Never an accepted one.
 */
export function mayManageInvitation(user: User | null | undefined, invitation: ListedInvitation): boolean {
  if (!user || invitationStatus(invitation) === 'ACCEPTED') return false;
  const own =
    (invitation.inviter?.id !== undefined && invitation.inviter.id === user.id) ||
    (Boolean(user.email) && invitation.inviter?.email === user.email);
  return own || allowedToDeleteInvitation(user, invitation);
}
