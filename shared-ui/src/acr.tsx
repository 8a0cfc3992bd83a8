/**
 * The assurance level (a requested authentication context, issue 52) as roles and invitations show it.
 * A path of its own (`shared-ui/acr`), bundled into each remote rather than shared: a remote using it runs
 * under a shell whose shared-ui predates it. Its texts are the caller's: `acr.label`, `acr.none` and
 * `acr.names.<name>` in the calling remote's namespace, through the `t` it passes.
 */
import type { TFunction } from 'i18next';
import { SelectField } from './components/select-field.component';

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
  return t(`acr.names.${name}`, { defaultValue: name });
}

export interface RequestedAuthnContextFieldProps {
  /** The calling remote's translation function (its namespace holds the `acr.*` texts). */
  t: TFunction;
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
  t,
  name = 'requestedAuthnContext',
  values,
  value,
  onChange,
  disabled,
}: RequestedAuthnContextFieldProps) {
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
