import { useTranslation } from 'react-i18next';
import type { Provider } from 'shared-auth';
import { InputField, SelectField, useLoad } from 'shared-ui';
import { fetchHasProvisioning } from '../resources/manage.resource';
import { applicationLabel } from '../role/role.display';
import {
  canAddApplication,
  canRemoveApplication,
  EMPTY_APPLICATION,
  takenElsewhere,
  type ChosenApplication,
} from './role-form.rules';

interface ApplicationsSectionProps {
  applications: ChosenApplication[];
  choices: Provider[];
  onChange: (applications: ChosenApplication[]) => void;
  /** Checks a landing page once its field loses focus. */
  onLandingPageBlur: (landingPage: string) => void;
  /** Focus left an application's field: its rule's message may show. */
  onApplicationBlur?: () => void;
  errors: { applications?: string; landingPages?: Record<number, string> };
  /** Managers keep the role's applications and landing pages (spec §6). */
  readOnly: boolean;
}

const keyOf = (provider: Provider) => provider.manageId ?? provider.id;

/** Spec §5 application rules: choose, add, remove; a landing page each; the provisioning warning. */
export function ApplicationsSection(props: ApplicationsSectionProps) {
  const { applications, choices, onChange, onLandingPageBlur, onApplicationBlur, errors, readOnly } = props;
  const { t, i18n } = useTranslation('roles');
  const byId = new Map(choices.map((choice) => [keyOf(choice), choice]));
  const label = t('applicationField');

  const update = (index: number, change: Partial<ChosenApplication>) =>
    onChange(
      applications.map((application, i) => (i === index ? { ...application, ...change } : application)),
    );

  const choose = (index: number, manageId: string) => {
    const provider = byId.get(manageId);
    update(index, {
      manageId,
      manageType: provider?.type ?? provider?.manageType ?? 'saml20_sp',
      landingPage: provider?.landingPage ?? provider?.url ?? '',
    });
  };

  return (
    <section aria-labelledby="role-form-applications">
      <h2 id="role-form-applications" className="sds--text--h4">
        {t('applicationDetails')}
      </h2>
      {applications.map((application, index) => {
        const taken = takenElsewhere(applications, index);
        const options = choices
          .map((choice) => ({
            value: keyOf(choice),
            label: applicationLabel(choice, i18n.language),
            disabled: taken.has(keyOf(choice)),
          }))
          .sort((a, b) => a.label.localeCompare(b.label));
        const landingError = errors.landingPages?.[index];
        return (
          <div className="roles-application-row" key={index}>
            <div>
              <SelectField
                name={`application-${index}`}
                label={`${label} ${index + 1}`}
                value={application.manageId}
                options={options}
                disabled={readOnly}
                required={index === 0}
                error={
                  index === 0 && errors.applications
                    ? t(`ui:forms.${errors.applications}`, { attribute: label })
                    : undefined
                }
                onChange={(manageId) => choose(index, manageId)}
                onBlur={onApplicationBlur}
              />
              <ProvisioningWarning
                manageId={application.manageId}
                provider={byId.get(application.manageId)}
              />
            </div>
            <InputField
              name={`landingPage-${index}`}
              label={t('landingPage')}
              value={application.landingPage}
              type="url"
              isUrl
              disabled={readOnly || !application.manageId}
              onChange={(landingPage) => update(index, { landingPage })}
              onBlur={() => onLandingPageBlur(application.landingPage.trim())}
              error={
                landingError ? t(`ui:forms.${landingError}`, { attribute: t('landingPage') }) : undefined
              }
            />
            {!readOnly && canRemoveApplication(applications) && (
              <button
                type="button"
                className="roles-icon-button"
                aria-label={t('removeApplication', { index: index + 1 })}
                onClick={() => onChange(applications.filter((_, i) => i !== index))}
              >
                {t('remove')}
              </button>
            )}
          </div>
        );
      })}
      {!readOnly && (
        <button
          type="button"
          className="sds--btn sds--btn--secondary roles-form-section-actions"
          disabled={!canAddApplication(applications, choices.length)}
          onClick={() => onChange([...applications, { ...EMPTY_APPLICATION }])}
        >
          {t('addApplication')}
        </button>
      )}
    </section>
  );
}

/** Spec §7: a warning when no provisioning serves the application and it does not receive memberships. */
function ProvisioningWarning({ manageId, provider }: { manageId: string; provider?: Provider }) {
  const { t } = useTranslation('roles');
  const answer = useLoad(
    () => (manageId ? fetchHasProvisioning(manageId).catch(() => null) : Promise.resolve(null)),
    [manageId],
  );
  // Unknown while the answer for this application is on its way (not the previous application's).
  const provisioned = answer.loading ? null : answer.data;
  if (!manageId || provisioned !== false || provider?.receivesMemberships) return null;
  return (
    <p className="roles-warning" role="note">
      {t('noProvisioning')}
    </p>
  );
}
