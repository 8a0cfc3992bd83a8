import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stripQuestionMarks } from './input-field.component';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** An empty first choice with this text (default "Select..."); leave out with `placeholder={null}`. */
  placeholder?: string | null;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A native select on SDS's dropdown look. */
export function SelectField({
  name,
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  disabled,
  required,
}: SelectFieldProps) {
  const { t } = useTranslation('ui');
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className={`sds--dropdown ui-select-field${error ? ' sds--dropdown--status-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="sds--dropdown--input-and-icon">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== null && <option value="">{placeholder ?? t('select.choose')}</option>}
          {options.map((option) => (
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
