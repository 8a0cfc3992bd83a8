import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stripQuestionMarks } from './input-field.component';
import type { SelectOption } from './select-field.component';

export interface MultiSelectFieldProps {
  name: string;
  label: string;
  values: string[];
  options: SelectOption[];
  onChange: (values: string[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Several choices: the chosen ones as removable chips, a native select to add another. Native parts keep
 * it usable by keyboard and screen reader without a custom listbox.
 */
export function MultiSelectField({
  name,
  label,
  values,
  options,
  onChange,
  error,
  disabled,
}: MultiSelectFieldProps) {
  const { t } = useTranslation('ui');
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  const chosen = values
    .map((value) => options.find((option) => option.value === value))
    .filter((option): option is SelectOption => option !== undefined);
  const available = options.filter((option) => !values.includes(option.value));

  return (
    <div className={`sds--dropdown ui-multi-select-field${error ? ' sds--dropdown--status-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {chosen.length > 0 && (
        <ul className="ui-chosen" aria-label={label}>
          {chosen.map((option) => (
            <li key={option.value} className="sds--chips main-100">
              <span className="sds--chips--textual sds--text--body--small">{option.label}</span>
              {!disabled && (
                <button
                  type="button"
                  className="ui-chip-remove"
                  aria-label={t('select.remove', { label: option.label })}
                  onClick={() => onChange(values.filter((value) => value !== option.value))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="sds--dropdown--input-and-icon">
        <select
          id={id}
          name={name}
          value=""
          disabled={disabled || available.length === 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            if (event.target.value) onChange([...values, event.target.value]);
          }}
        >
          <option value="">{t('select.add')}</option>
          {available.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={errorId} className="sds--dropdown--message">
          {stripQuestionMarks(error)}
        </p>
      )}
    </div>
  );
}
