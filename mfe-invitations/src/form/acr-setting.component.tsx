import { useTranslation } from 'react-i18next';
import { RequestedAuthnContextField } from 'shared-ui/acr';
import { useLoad } from 'shared-ui';
import { fetchRequestedAuthnContextValues } from '../invitations.resource';

/**
 * The invitation's assurance level (issue 52), where its roles allow overriding their settings: the roles'
 * value is chosen at first. Nothing shows until the configured values are known.
 */
export function AcrSetting({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('invitations');
  const { data } = useLoad(fetchRequestedAuthnContextValues, []);
  if (!data) return null;
  return <RequestedAuthnContextField t={t} values={data} value={value} onChange={onChange} />;
}
