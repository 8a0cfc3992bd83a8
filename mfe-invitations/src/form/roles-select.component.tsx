import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from 'shared-auth';
import { MultiSelectField } from 'shared-ui';
import { roleApplicationName } from '../application-name';

export interface RolesSelectProps {
  roles: Role[];
  selected: number[];
  onChange: (selected: number[]) => void;
  error?: string;
}

/** Roles as a multi-select with a search field that narrows the choices (name and application). */
export function RolesSelect({ roles, selected, onChange, error }: RolesSelectProps) {
  const { t, i18n } = useTranslation('invitations');
  const searchId = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const label = (role: Role) => {
    const application = roleApplicationName(role, i18n.language);
    return application ? `${role.name} — ${application}` : role.name;
  };
  // Chosen roles stay among the options so their chips keep showing while the search narrows the rest.
  const options = roles
    .filter((role) => selected.includes(role.id) || !needle || label(role).toLowerCase().includes(needle))
    .map((role) => ({ value: String(role.id), label: label(role) }));

  return (
    <div className="inv-roles-select">
      <MultiSelectField
        name="roles"
        label={`${t('form.roles')} *`}
        values={selected.map(String)}
        options={options}
        error={error}
        onChange={(values) => onChange(values.map(Number))}
      />
      <div className="sds--text-field inv-roles-search">
        <label htmlFor={searchId} className="sds--visually-hidden">
          {t('form.searchRoles')}
        </label>
        <input
          id={searchId}
          type="search"
          className="sds--text-field--input"
          placeholder={t('form.searchRoles')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
    </div>
  );
}
