import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from 'shared-auth';
import { InputField, SelectField } from 'shared-ui';
import { AUDIT_EVENTS, AUDIT_SUBJECT_TYPES } from './audit-logs.resource';

/** The filters as the URL keeps them (dates as yyyy-MM-dd, the value of a date input). */
export interface AuditFilterValues {
  actor: string;
  action: string;
  kind: string;
  from: string;
  to: string;
}

function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className={`sds--text-field ui-input-field${error ? ' sds--text-field--status-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="sds--text-field--shape">
        <div className="sds--text-field--input-and-icon">
          <input
            id={id}
            className="sds--text-field--input"
            type="date"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="sds--text-field--message">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Filters of the trail: actor (typed, debounced), kind of subject (whole trail only), event and period.
 * An end before the start is pointed out and not sent.
 */
export function AuditFilters({
  values,
  onChange,
  showKind,
  periodError,
}: {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
  showKind: boolean;
  periodError?: string;
}) {
  const { t } = useTranslation('system');
  const [actor, setActor] = useState(values.actor);

  // The URL may change under us (back button): the field follows it.
  useEffect(() => setActor(values.actor), [values.actor]);
  useEffect(() => {
    if (actor === values.actor) return undefined;
    const timer = setTimeout(() => onChange({ ...values, actor }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [actor, values, onChange]);

  return (
    <form
      className="system-audit-filters"
      role="search"
      aria-label={t('audit.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      <InputField
        name="actor"
        label={t('audit.actor')}
        value={actor}
        onChange={setActor}
        placeholder={t('audit.actorPlaceholder')}
      />
      {showKind && (
        <SelectField
          name="kind"
          label={t('audit.subjectKind')}
          value={values.kind}
          placeholder={t('audit.allSubjects')}
          options={AUDIT_SUBJECT_TYPES.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
          onChange={(kind) => onChange({ ...values, kind })}
        />
      )}
      <SelectField
        name="action"
        label={t('audit.action')}
        value={values.action}
        placeholder={t('audit.allActions')}
        options={AUDIT_EVENTS.map((event) => ({ value: event, label: t(`audit.events.${event}`) }))}
        onChange={(action) => onChange({ ...values, action })}
      />
      <DateField
        label={t('audit.from')}
        value={values.from}
        onChange={(from) => onChange({ ...values, from })}
      />
      <DateField
        label={t('audit.to')}
        value={values.to}
        onChange={(to) => onChange({ ...values, to })}
        error={periodError}
      />
    </form>
  );
}
