import { useTranslation } from 'react-i18next';
import { apiGet, type RedeemLink } from 'shared-auth';
import { useLoad } from 'shared-ui';

/**
 * The guest's Microsoft Graph invitations not yet redeemed (issue 54): each with its redeem link, on the
 * home until they follow it and come back. Nothing when there are none, or when they cannot be read.
 */
export function RedeemLinks() {
  const { t, i18n } = useTranslation('shell');
  const { data: links } = useLoad(
    () => apiGet<RedeemLink[]>('users/ms-redeem-links', { showErrorDialog: false }).catch(() => []),
    [],
  );
  const open = (Array.isArray(links) ? links : []).filter((link) => !link.redeemed && link.redeemUrl);
  if (open.length === 0) return null;
  const nameOf = (link: RedeemLink) => (i18n.language?.startsWith('nl') ? link['name:nl'] : link['name:en']);
  return (
    <div className="sds--alert sds--alert--info" role="status">
      {open.map((link) => (
        <p key={link.target}>
          {t('home.msRedeem', { name: nameOf(link) })}{' '}
          <a href={link.redeemUrl!}>{t('home.msRedeemLink', { name: nameOf(link) })}</a>
        </p>
      ))}
    </div>
  );
}
