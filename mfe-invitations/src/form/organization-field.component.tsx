import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from 'shared-ui';
import { validateOrganizationGUID } from '../invitations.resource';

export interface OrganizationFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** true when the GUID resolved to an identity provider, false when not, null before a check. */
  onChecked: (valid: boolean | null) => void;
  error?: string;
}

/** The organisation GUID of an invited institution admin, checked against the registry on blur (spec §5). */
export function OrganizationField({ value, onChange, onChecked, error }: OrganizationFieldProps) {
  const { t } = useTranslation('invitations');
  const [provider, setProvider] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const check = async () => {
    const guid = value.trim();
    if (!guid) {
      onChecked(null);
      return;
    }
    const found = await validateOrganizationGUID(guid);
    setProvider(found?.name ?? null);
    setInvalid(!found);
    onChecked(Boolean(found));
  };

  return (
    <InputField
      name="organizationGUID"
      label={`${t('form.organizationGUID')} *`}
      value={value}
      placeholder={t('form.organizationGUIDPlaceholder')}
      info={provider ? t('form.organizationFound', { name: provider }) : undefined}
      error={invalid ? t('ui:forms.invalidOrganizationGUID') : error}
      onChange={(next) => {
        onChange(next);
        setProvider(null);
        setInvalid(false);
        onChecked(null);
      }}
      onBlur={() => void check()}
    />
  );
}
