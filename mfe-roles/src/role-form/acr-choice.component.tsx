import { useTranslation } from 'react-i18next';
import { RequestedAuthnContextField } from 'shared-ui/acr';
import { useLoad } from 'shared-ui';
import { fetchRequestedAuthnContextValues } from '../resources/manage.resource';

interface AcrChoiceProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The role's assurance level (issue 52): none or one of the server's configured values. Until the values
 * are loaded (or when they cannot be) nothing shows: the role keeps the value it has.
 */
export function AcrChoice({ value, onChange }: AcrChoiceProps) {
  const { t } = useTranslation('roles');
  const { data } = useLoad(fetchRequestedAuthnContextValues, []);
  if (!data) return null;
  return <RequestedAuthnContextField t={t} values={data} value={value} onChange={onChange} />;
}
