import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRMATION_MS } from 'shared-auth';

export interface CopyControlProps {
  value: string;
  /** What is copied, for the button's accessible name ("Copy URN"). */
  label?: string;
  /** Show the value itself next to the button. */
  showValue?: boolean;
}

async function writeToClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without the async clipboard (plain http on another host than localhost) the old command still works.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'absolute';
  area.style.left = '-9999px';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** Copies a value to the clipboard and confirms it for 1250 ms. */
export function CopyControl({ value, label = '', showValue }: CopyControlProps) {
  const { t } = useTranslation('ui');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    await writeToClipboard(value);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <span className="ui-copy-control">
      {showValue && <code className="ui-copy-value">{value}</code>}
      <button
        type="button"
        className="sds--btn sds--btn--tertiary sds--btn--small"
        onClick={() => void copy()}
      >
        {t('copy.copy', { label }).trim()}
      </button>
      <span role="status" aria-live="polite" className="ui-copy-confirmation">
        {copied ? t('copy.copied') : ''}
      </span>
    </span>
  );
}
