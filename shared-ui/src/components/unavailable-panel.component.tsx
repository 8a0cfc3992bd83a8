import { useTranslation } from 'react-i18next';
import { TextButton } from './text-button.component';

export interface UnavailablePanelProps {
  onRetry: () => void;
  /** The text under the title; by default, that this part could not be loaded. */
  detail?: string;
  /** The title; by default, that this part of the console is unavailable. */
  title?: string;
}

/** Stands in for a remote (or part of one) that could not be loaded, with a retry. */
export function UnavailablePanel({ onRetry, detail, title }: UnavailablePanelProps) {
  const { t } = useTranslation('ui');
  return (
    <div role="alert" className="ui-unavailable-panel">
      <h2 className="sds--text--h4">{title ?? t('unavailable.title')}</h2>
      <p>{detail ?? t('unavailable.text')}</p>
      <TextButton secondary label={t('unavailable.retry')} onClick={() => onRetry()} />
    </div>
  );
}
