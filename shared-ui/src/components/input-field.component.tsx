import { useId, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_MAX_LENGTH } from 'shared-auth';

const LINKABLE = /^(https?|ssh|ftp):\/\/\S+$/i;

/** True when a URL field's value may be shown as a link: http, https, ssh or ftp only. */
export function isLinkable(value: string): boolean {
  return LINKABLE.test(value.trim());
}

/** Error texts are shown without question marks (spec §5 Generic). */
export function stripQuestionMarks(text: string): string {
  return text.replace(/\?/g, '');
}

export interface InputFieldProps {
  name: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: 'text' | 'number' | 'email' | 'url' | 'password';
  multiline?: boolean;
  placeholder?: string;
  /** Default 255. */
  maxLength?: number;
  error?: string;
  info?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  /** Show a link to the value when it is an http, https, ssh or ftp address. */
  isUrl?: boolean;
}

/** A labelled text field on SDS's text-field look. */
export function InputField(props: InputFieldProps) {
  const { name, label, value, onChange, onBlur, type = 'text', multiline, placeholder, error, info } = props;
  const { maxLength = TEXT_MAX_LENGTH, disabled, readOnly, required, isUrl } = props;
  const { t } = useTranslation('ui');
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  const infoId = `${id}-info`;
  const describedBy = [error ? errorId : '', info ? infoId : ''].filter(Boolean).join(' ') || undefined;
  const text = String(value ?? '');
  const common = {
    id,
    name,
    value: text,
    placeholder,
    disabled,
    readOnly,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  return (
    <div
      className={`${multiline ? 'sds--text-area' : 'sds--text-field'} ui-input-field${error ? ` ${multiline ? 'sds--text-area--status-error' : 'sds--text-field--status-error'}` : ''}`}
    >
      <label htmlFor={id}>{label}</label>
      {info && (
        <p id={infoId} className="ui-field-info sds--text--body--small">
          {info}
        </p>
      )}
      <div className="sds--text-field--shape">
        <div className="sds--text-field--input-and-icon">
          {multiline ? (
            <textarea {...common} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
          ) : (
            <input
              {...common}
              className="sds--text-field--input"
              type={type}
              min={type === 'number' ? 0 : undefined}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
            />
          )}
        </div>
      </div>
      {isUrl && isLinkable(text) && (
        <a className="ui-field-link" href={text.trim()} target="_blank" rel="noopener noreferrer">
          {t('forms.openLink', { url: text.trim() })}
        </a>
      )}
      {error && (
        <p id={errorId} className="sds--text-field--message ui-field-error">
          {stripQuestionMarks(error)}
        </p>
      )}
    </div>
  );
}
