import { useTranslation } from 'react-i18next';
import { ROLE_DEFAULT_EXPIRY_DAYS, useSessionStore } from 'shared-auth';
import { addDays, DatePicker, InputField, SelectField, startOfDay, SwitchField } from 'shared-ui';
import { normaliseExpiryDays, type RoleFormErrors, type RoleFormValues } from './role-form.rules';

type ExpiryValues = Pick<RoleFormValues, 'expiryOn' | 'expiryBy' | 'defaultExpiryDays' | 'endDate'>;

interface RoleExpiryProps {
  values: ExpiryValues;
  errors: Pick<RoleFormErrors, 'defaultExpiryDays' | 'endDate'>;
  onChange: (change: Partial<ExpiryValues>) => void;
}

/**
 * How the role's memberships end (issue 53, OpenConext Invite's #610): by default 365 days after
 * acceptance; with the switch on, N days after acceptance or on a fixed date, one or the other.
 */
export function RoleExpiry({ values, errors, onChange }: RoleExpiryProps) {
  const { t } = useTranslation('roles');
  const pastDateAllowed = useSessionStore((state) => state.config.pastDateAllowed === true);
  const choose = (expiryBy: 'days' | 'date') =>
    onChange({
      expiryBy,
      // Choosing a date offers one a year ahead, as the days' default would give.
      ...(expiryBy === 'date' && !values.endDate
        ? { endDate: addDays(startOfDay(new Date()), ROLE_DEFAULT_EXPIRY_DAYS) }
        : {}),
    });
  return (
    <>
      <SwitchField
        name="expiryOn"
        label={t('expirySwitch')}
        value={values.expiryOn}
        onChange={(expiryOn) => onChange({ expiryOn })}
        info={t('expirySwitchInfo')}
      />
      {values.expiryOn && (
        <div className="roles-expiry">
          <SelectField
            name="expiryBy"
            label={t('expiryBy')}
            value={values.expiryBy}
            placeholder={null}
            options={[
              { value: 'days', label: t('expiryByDays') },
              { value: 'date', label: t('expiryByDate') },
            ]}
            onChange={(by) => choose(by === 'date' ? 'date' : 'days')}
          />
          {values.expiryBy === 'days' ? (
            <InputField
              name="defaultExpiryDays"
              label={t('defaultExpiryDays')}
              type="number"
              value={values.defaultExpiryDays}
              onChange={(days) => onChange({ defaultExpiryDays: normaliseExpiryDays(days) })}
              error={
                errors.defaultExpiryDays
                  ? t('ui:forms.invalid', { attribute: t('defaultExpiryDays') })
                  : undefined
              }
            />
          ) : (
            <>
              <DatePicker
                name="endDate"
                label={t('roleEndDate')}
                value={values.endDate}
                onChange={(endDate) => onChange({ endDate })}
                pastDateAllowed={pastDateAllowed}
              />
              <p className="sds--text--body--small roles-hint">{t('roleEndDateInfo')}</p>
              {errors.endDate && (
                <p className="ui-field-error" role="alert">
                  {t('ui:forms.required', { attribute: t('roleEndDate') })}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
