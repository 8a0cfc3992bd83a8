import { useTranslation } from 'react-i18next';
import { requestedAuthnContextLabel } from 'shared-ui/acr';
import { useLoad } from 'shared-ui';
import { fetchRequestedAuthnContextValues } from '../invitations.resource';

/**
 * Why acceptance was refused (issue 52): the login lacked the invitation's assurance level. Says which one
 * (by its readable name once the configured values are known); the page offers the new login.
 */
export function AssuranceMissing({ acr }: { acr: string }) {
  const { t } = useTranslation('invitations');
  const { data } = useLoad(fetchRequestedAuthnContextValues, []);
  return (
    <div role="alert" className="inv-accept-assurance">
      <p className="sds--text--h4">{t('accept.assuranceMissingTitle')}</p>
      <p>{t('accept.assuranceMissing', { level: requestedAuthnContextLabel(t, data ?? {}, acr) })}</p>
    </div>
  );
}
