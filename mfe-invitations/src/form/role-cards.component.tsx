import { useTranslation } from 'react-i18next';
import type { Role } from 'shared-auth';
import { Checkbox } from 'shared-ui';
import { roleApplicationName } from '../application-name';

export interface RoleCardsProps {
  roles: Role[];
  selected: number[];
  onChange: (selected: number[]) => void;
  error?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** Inviters pick roles as cards (spec §2 Invitation form): logo, application, name and description. */
export function RoleCards({ roles, selected, onChange, error }: RoleCardsProps) {
  const { t, i18n } = useTranslation('invitations');
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((roleId) => roleId !== id));
  return (
    <fieldset className="inv-role-cards">
      <legend className="sds--text--h4">
        {t('form.rolesFor')} <span aria-hidden="true">*</span>
      </legend>
      {roles.map((role) => {
        const checked = selected.includes(role.id);
        return (
          <div key={role.id} className={`inv-role-card${checked ? ' inv-role-card--selected' : ''}`}>
            {/* One label, the role's name; the application and description describe it (issue 44: the
                card's text was a second label, and the name was read twice). */}
            <Checkbox
              id={`inv-role-card-${role.id}`}
              checked={checked}
              label={role.name}
              hideLabel
              describedBy={`inv-role-card-${role.id}-app${role.description ? ` inv-role-card-${role.id}-description` : ''}`}
              onChange={(value) => toggle(role.id, value)}
            />
            <div className="inv-role-logo" aria-hidden="true">
              {role.logo ? <img src={role.logo} alt="" /> : <span>{initials(role.name)}</span>}
            </div>
            {/* A click on the card's text chooses it too; keyboard users have the checkbox. */}
            <div className="inv-role-text" onClick={() => toggle(role.id, !checked)}>
              <span id={`inv-role-card-${role.id}-app`} className="sds--text--body--small">
                {roleApplicationName(role, i18n.language)}
              </span>
              <span className="sds--text--h4" aria-hidden="true">
                {role.name}
              </span>
              {role.description && (
                <span id={`inv-role-card-${role.id}-description`} className="sds--text--body--small">
                  {role.description}
                </span>
              )}
            </div>
          </div>
        );
      })}
      {error && <p className="sds--text-field--message ui-field-error">{error}</p>}
    </fieldset>
  );
}
