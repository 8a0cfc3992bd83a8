import type { SlotProps } from 'shared-ui';
import { EndingUserRoles } from './ending-user-roles.component';

/** Memberships that end within the next month. */
export default function ExpiringUserRolesTab(_props: SlotProps) {
  return <EndingUserRoles which="expiring" />;
}
