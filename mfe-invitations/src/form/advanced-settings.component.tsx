import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-auth';
import { DatePicker, SwitchField } from 'shared-ui';
import { AcrSetting } from './acr-setting.component';
import { expiryBounds, roleExpiryMinimum, type InvitationFormValues } from './invitation-form.rules';

type Settings = Pick<
  InvitationFormValues,
  | 'intendedAuthority'
  | 'expiryDate'
  | 'roleExpiryDate'
  | 'enforceEmailEquality'
  | 'eduIDOnly'
  | 'requestedAuthnContext'
  | 'guestRoleIncluded'
>;

export interface AdvancedSettingsProps {
  values: Settings;
  onChange: (changes: Partial<Settings>) => void;
  /** Every chosen role allows overriding its settings (spec §5); otherwise only the expiry date shows. */
  overridable: boolean;
  /** Institution admins and super users get no role, so no role expiry either. */
  withRoles: boolean;
  /** At least one role is chosen: only then can the roles decide the settings. */
  rolesChosen: boolean;
  /** The earliest end date of the chosen roles: the latest role expiry to pick. */
  roleExpiryMaximum?: Date | null;
}

/** The advanced invite settings behind a toggle: the expiry dates and, where allowed, the switches. */
export function AdvancedSettings({
  values,
  onChange,
  overridable,
  withRoles,
  rolesChosen,
  roleExpiryMaximum,
}: AdvancedSettingsProps) {
  const { t } = useTranslation('invitations');
  const pastDateAllowed = useSessionStore((state) => Boolean(state.config.pastDateAllowed));
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { min, max } = expiryBounds();

  return (
    <section className="inv-advanced">
      <button
        type="button"
        className="inv-advanced-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? t('form.hideAdvanced') : t('form.showAdvanced')}
        <span aria-hidden="true" className={`inv-chevron${open ? ' inv-chevron--open' : ''}`} />
      </button>
      <div id={panelId} hidden={!open} className="inv-advanced-panel">
        <DatePicker
          name="expiryDate"
          label={t('form.expiryDate')}
          value={values.expiryDate}
          minDate={min}
          maxDate={max}
          pastDateAllowed={pastDateAllowed}
          onChange={(expiryDate) => onChange({ expiryDate })}
        />
        {overridable && withRoles && (
          <>
            <DatePicker
              name="roleExpiryDate"
              label={t('form.roleExpiryDate')}
              value={values.roleExpiryDate}
              minDate={roleExpiryMinimum(values.expiryDate)}
              maxDate={roleExpiryMaximum}
              pastDateAllowed={pastDateAllowed}
              onChange={(roleExpiryDate) => onChange({ roleExpiryDate })}
            />
            <SwitchField
              name="enforceEmailEquality"
              label={t('form.enforceEmailEquality')}
              info={t('form.enforceEmailEqualityInfo')}
              value={values.enforceEmailEquality}
              onChange={(enforceEmailEquality) => onChange({ enforceEmailEquality })}
            />
            <SwitchField
              name="eduIDOnly"
              label={t('form.eduIDOnly')}
              info={t('form.eduIDOnlyInfo')}
              value={values.eduIDOnly}
              onChange={(eduIDOnly) => onChange({ eduIDOnly })}
            />
            <AcrSetting
              value={values.requestedAuthnContext}
              onChange={(requestedAuthnContext) => onChange({ requestedAuthnContext })}
            />
            {values.intendedAuthority !== 'GUEST' && (
              <SwitchField
                name="guestRoleIncluded"
                label={t('form.guestRoleIncluded')}
                info={t('form.guestRoleIncludedInfo')}
                value={values.guestRoleIncluded}
                onChange={(guestRoleIncluded) => onChange({ guestRoleIncluded })}
              />
            )}
          </>
        )}
        {!overridable && withRoles && rolesChosen && (
          <p className="sds--text--body--small">{t('form.settingsFromRoles')}</p>
        )}
      </div>
    </section>
  );
}
