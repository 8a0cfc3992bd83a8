import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from 'shared-auth';

interface RedeemLink {
  target: string;
  'name:en': string;
  'name:nl': string;
  redeemUrl: string | null;
  redeemed: boolean;
}

/**
 * The guest's Microsoft Graph invitations not yet redeemed (issue 54): each with its redeem link, on the
 * home until they follow it and come back. Nothing when there are none, or when they cannot be read.
 */
export function RedeemLinks() {
  const { t, i18n } = useTranslation('shell');
  const [links, setLinks] = useState<RedeemLink[]>([]);
  useEffect(() => {
    let current = true;
    apiGet<RedeemLink[]>('users/ms-redeem-links', { showErrorDialog: false }).then(
      (found) => current && Array.isArray(found) && setLinks(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const open = links.filter((link) => !link.redeemed && link.redeemUrl);
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
