import { useTranslation } from 'react-i18next';
import { requestedAuthnContextLabel } from 'shared-ui/acr';
import { useLoad } from 'shared-ui';
import { fetchRequestedAuthnContextValues } from '../resources/manage.resource';

/** The role's assurance level on its page: its readable name once the configured values are known. */
export function RoleAcr({ acr }: { acr: string }) {
  const { t } = useTranslation('roles');
  const { data } = useLoad(fetchRequestedAuthnContextValues, []);
  return <li>{t('roleAcr', { acr: requestedAuthnContextLabel(t, data ?? {}, acr) })}</li>;
}
