import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stripQuestionMarks } from './input-field.component';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface DropdownProps {
  kind: 'select' | 'multi-select';
  name: string;
  label: string;
  /** The native select's value. */
  value: string;
  /** The empty first choice, if any. */
  firstOption: string | null;
  options: SelectOption[];
  onSelect: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Shown between the label and the select (the chosen values of a multi-select). */
  children?: ReactNode;
}

/** The one native select on SDS's dropdown look, with label and error, behind both select fields. */
function Dropdown({
  kind,
  name,
  label,
  value,
  firstOption,
  options,
  onSelect,
  onBlur,
  error,
  disabled,
  required,
  children,
}: DropdownProps) {
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className={`sds--dropdown ui-${kind}-field${error ? ' sds--dropdown--status-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="sds--dropdown--input-and-icon">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onSelect(event.target.value)}
          onBlur={onBlur}
        >
          {firstOption !== null && <option value="">{firstOption}</option>}
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

export interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** Focus left the field (e.g. to show its rule's message once it was visited). */
  onBlur?: () => void;
  /** An empty first choice with this text (default "Select..."); leave out with `placeholder={null}`. */
  placeholder?: string | null;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/** One choice: a native select on SDS's dropdown look. */
export function SelectField({ placeholder, onChange, ...props }: SelectFieldProps) {
  const { t } = useTranslation('ui');
  return (
    <Dropdown
      kind="select"
      {...props}
      firstOption={placeholder === null ? null : (placeholder ?? t('select.choose'))}
      onSelect={onChange}
    />
  );
}

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
 * Several choices: the chosen ones as removable chips, the same native select to add another. Native parts
 * keep it usable by keyboard and screen reader without a custom listbox.
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
  const chosen = values
    .map((value) => options.find((option) => option.value === value))
    .filter((option): option is SelectOption => option !== undefined);
  const available = options.filter((option) => !values.includes(option.value));
  return (
    <Dropdown
      kind="multi-select"
      name={name}
      label={label}
      value=""
      firstOption={t('select.add')}
      options={available}
      onSelect={(value) => {
        if (value) onChange([...values, value]);
      }}
      error={error}
      disabled={disabled || available.length === 0}
    >
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
    </Dropdown>
  );
}
