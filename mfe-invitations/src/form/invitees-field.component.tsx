import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeInvitees, parseInvitees } from './invitees';

export interface InviteesFieldProps {
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
}

/** Keys that end an address while typing (space only once the text holds an @: `Name <mail>` has spaces). */
function endsAddress(event: KeyboardEvent<HTMLTextAreaElement>, text: string): boolean {
  if (event.key === 'Enter' || event.key === ',' || event.key === ';' || event.key === 'Tab')
    return text.trim() !== '';
  return event.key === ' ' && text.includes('@') && !text.includes('<');
}

/**
 * The invitees (spec §5): typed or pasted addresses become removable chips; duplicates are dropped and
 * invalid entries are dropped and listed.
 */
export function InviteesField({ values, onChange, error }: InviteesFieldProps) {
  const { t } = useTranslation('invitations');
  const id = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string[]>([]);

  const take = (input: string) => {
    const parsed = parseInvitees(input);
    if (parsed.valid.length) onChange(mergeInvitees(values, parsed.valid));
    setInvalid(parsed.invalid);
    setText('');
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    event.preventDefault();
    take(`${text} ${event.clipboardData.getData('text')}`);
  };

  const describedBy = [`${id}-info`, invalid.length ? `${id}-invalid` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`sds--text-area inv-invitees${error ? ' sds--text-area--status-error' : ''}`}>
      <label htmlFor={id}>
        {t('form.invitees')} <span aria-hidden="true">*</span>
      </label>
      <p id={`${id}-info`} className="sds--text--body--small ui-field-info">
        {t('form.inviteesInfo')}
      </p>
      {values.length > 0 && (
        <ul className="inv-chips" aria-label={t('form.inviteesChosen', { count: values.length })}>
          {values.map((email) => (
            <li key={email} className="sds--chips main-100">
              <span className="sds--chips--textual sds--text--body--small">{email}</span>
              <button
                type="button"
                className="ui-chip-remove"
                aria-label={t('form.removeInvitee', { email })}
                onClick={() => onChange(values.filter((value) => value !== email))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <textarea
        id={id}
        name="invitees"
        value={text}
        placeholder={t('form.inviteesPlaceholder')}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onPaste={onPaste}
        onBlur={() => text.trim() && take(text)}
        onKeyDown={(event) => {
          if (!endsAddress(event, text)) return;
          if (event.key !== 'Tab') event.preventDefault();
          take(text);
        }}
      />
      {invalid.length > 0 && (
        <p id={`${id}-invalid`} role="status" className="sds--text-field--message inv-invalid-emails">
          {t('ui:forms.invalidEmails', { emails: invalid.join(', ') })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="sds--text-field--message ui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
