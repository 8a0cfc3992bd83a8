import { useTranslation } from 'react-i18next';
import { authorityBadgeStyle, isValidAuthority } from 'shared-auth';

export interface AuthorityBadgeProps {
  /** An authority, or 'No member' (or nothing) for a user without one. */
  authority: string | null | undefined;
}

/**
 * A chip with the translated authority name in the colour of spec §6. A span in SDS's chip classes,
 * not SDS's Chip, which is a button and would add a control that does nothing.
 */
export function AuthorityBadge({ authority }: AuthorityBadgeProps) {
  const { t } = useTranslation('ui');
  const known = Boolean(authority) && isValidAuthority(authority as string);
  const label = known ? t(`authorities.${authority}`) : t('authorities.noMember');
  const style = authorityBadgeStyle(known ? (authority as string) : 'No member');
  return (
    <span className={`sds--chips ${style} ui-authority-badge`}>
      <span className="sds--chips--textual sds--text--body--small">{label}</span>
    </span>
  );
}
