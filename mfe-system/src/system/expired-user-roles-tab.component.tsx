import type { SlotProps } from 'shared-ui';
import { EndingUserRoles } from './ending-user-roles.component';

/** Memberships whose end date has passed (the cleanup removes them). */
export default function ExpiredUserRolesTab(_props: SlotProps) {
  return <EndingUserRoles which="expired" />;
}
