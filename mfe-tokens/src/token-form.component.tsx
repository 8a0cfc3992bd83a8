import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmpty, setFlash } from 'shared-auth';
import { CopyControl, InputField } from 'shared-ui';
import { ApiUsage } from './api-usage.component';
import { createToken } from './tokens.resource';

export interface TokenFormProps {
  /** The generated secret; the server keeps it in the session and stores only its hash on save. */
  secret: string;
  /** `saved` is true when the token was stored (the list then reloads). */
  onClose: (saved: boolean) => void;
}

/** Creation form (spec §4 Token creation, §5 Token): the secret shown once, and a required description. */
export function TokenForm({ secret, onClose }: TokenFormProps) {
  const { t } = useTranslation('tokens');
  const titleId = useId();
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const missing = isEmpty(description);

  const save = async () => {
    setSaving(true);
    try {
      await createToken(description.trim());
      setFlash(t('created', { description: description.trim() }), 'success');
      onClose(true);
    } catch {
      setFlash(t('createFailed'), 'error');
      setSaving(false);
    }
  };

  return (
    <section className="tokens-form" aria-labelledby={titleId}>
      <h2 id={titleId} className="sds--text--h3">
        {t('newTitle')}
      </h2>
      <div className="tokens-secret">
        <InputField
          name="secret"
          label={t('secret')}
          value={secret}
          onChange={() => undefined}
          readOnly
          info={t('secretInfo')}
        />
        <CopyControl value={secret} label={t('secret')} />
      </div>
      <ApiUsage secret={secret} />
      <InputField
        name="description"
        label={t('description')}
        placeholder={t('descriptionPlaceholder')}
        value={description}
        onChange={setDescription}
        error={missing ? t('required') : undefined}
        required
      />
      <div className="tokens-form-actions">
        <button type="button" className="sds--btn sds--btn--secondary" onClick={() => onClose(false)}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="sds--btn sds--btn--primary"
          disabled={missing || saving}
          onClick={() => void save()}
        >
          {t('save')}
        </button>
      </div>
    </section>
  );
}
