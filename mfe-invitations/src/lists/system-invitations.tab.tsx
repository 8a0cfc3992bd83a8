import type { SlotProps } from 'shared-ui';
import { InvitationsList } from './invitations-list.component';

/** The invitations tab of the system area (slot `system.tabs`): every invitation in the system. */
export default function SystemInvitationsTab(_props: SlotProps) {
  return <InvitationsList defaultFilter="all" />;
}
