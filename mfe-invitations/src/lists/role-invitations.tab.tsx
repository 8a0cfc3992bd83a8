import type { SlotProps } from 'shared-ui';
import { InvitationsList } from './invitations-list.component';

/** The invitations tab of role detail (slot `role.tabs`, context `{ roleId }`): the role's pending ones. */
export default function RoleInvitationsTab({ context }: SlotProps) {
  const roleId = Number(context?.roleId);
  if (!Number.isInteger(roleId) || roleId < 1) return null;
  return <InvitationsList roleId={roleId} defaultFilter="open" />;
}
