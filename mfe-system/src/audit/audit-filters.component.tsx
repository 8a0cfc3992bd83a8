import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from 'shared-auth';
import { DatePicker, InputField, SelectField } from 'shared-ui';
import { AUDIT_EVENTS, AUDIT_SUBJECT_TYPES } from './audit-logs.resource';

/** The filters as the URL keeps them (dates as yyyy-MM-dd, the value of a date input). */
export interface AuditFilterValues {
  actor: string;
  action: string;
  kind: string;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd (the URL's form of a day) as a local date, or null. */
export function dayToDate(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export function dateToDay(date: Date | null): string {
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
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
  // The trail holds nothing from the future.
  const [today] = useState(() => new Date());

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
      <DatePicker
        name="from"
        label={t('audit.from')}
        value={dayToDate(values.from)}
        onChange={(date) => onChange({ ...values, from: dateToDay(date) })}
        pastDateAllowed
        allowNull
        maxDate={today}
      />
      <div className="system-audit-until">
        <DatePicker
          name="to"
          label={t('audit.to')}
          value={dayToDate(values.to)}
          onChange={(date) => onChange({ ...values, to: dateToDay(date) })}
          pastDateAllowed
          allowNull
          maxDate={today}
        />
        {periodError && (
          <p className="system-audit-period-error" role="alert">
            {periodError}
          </p>
        )}
      </div>
    </form>
  );
}
