import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SelectField } from './select-field.component';

/**
 * The readable name of a requested authentication context (an ACR value of the server's ACR_VALUES): the
 * translation of its configured name when there is one, else that name, else the value itself.
 */
export function requestedAuthnContextLabel(
  t: TFunction,
  values: Readonly<Record<string, string>>,
  acr: string,
): string {
  const name = Object.entries(values).find(([, value]) => value === acr)?.[0];
  if (!name) return acr;
  return t(`ui:acr.names.${name}`, { defaultValue: name });
}

export interface RequestedAuthnContextFieldProps {
  name?: string;
  /** The configured values (GET manage/requested-authn-context-values): name → ACR value. */
  values: Readonly<Record<string, string>>;
  /** The chosen ACR value; '' for none. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The choice of a role's or an invitation's assurance level: none, or one of the configured values. */
export function RequestedAuthnContextField({
  name = 'requestedAuthnContext',
  values,
  value,
  onChange,
  disabled,
}: RequestedAuthnContextFieldProps) {
  const { t } = useTranslation('ui');
  const options = Object.values(values).map((acr) => ({
    value: acr,
    label: requestedAuthnContextLabel(t, values, acr),
  }));
  // A value no longer configured stays visible as it is, rather than silently shown as none.
  if (value && !options.some((option) => option.value === value)) options.push({ value, label: value });
  return (
    <SelectField
      name={name}
      label={t('acr.label')}
      value={value}
      options={options}
      placeholder={t('acr.none')}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
