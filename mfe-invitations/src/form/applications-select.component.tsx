import { useTranslation } from 'react-i18next';
import type { ManageIdentifier } from 'shared-auth';
import { MultiSelectField } from 'shared-ui';
import type { GrantableApplication } from '../invitations.resource';

export interface ApplicationsSelectProps {
  applications: GrantableApplication[];
  selected: ManageIdentifier[];
  onChange: (selected: ManageIdentifier[]) => void;
  error?: string;
}

/** The applications an invited application manager will manage (issue 53), by name in the page's language. */
export function ApplicationsSelect({ applications, selected, onChange, error }: ApplicationsSelectProps) {
  const { t, i18n } = useTranslation('invitations');
  const nl = (i18n.language ?? 'en').startsWith('nl');
  const label = (application: GrantableApplication) =>
    (nl ? application['name:nl'] : application['name:en']) ??
    application['name:en'] ??
    application['name:nl'] ??
    application.manageId;
  return (
    <MultiSelectField
      name="applications"
      label={`${t('form.applications')} *`}
      values={selected.map((identifier) => identifier.manageId)}
      options={applications.map((application) => ({
        value: application.manageId,
        label: label(application),
      }))}
      error={error}
      onChange={(values) =>
        onChange(
          applications
            .filter((application) => values.includes(application.manageId))
            .map(({ manageId, manageType }) => ({ manageId, manageType })),
        )
      }
    />
  );
}
