import { Button, ButtonType } from '@surfnet/sds';
import { useTranslation } from 'react-i18next';

export interface UnavailablePanelProps {
  onRetry: () => void;
}

/** Stands in for a remote (or part of one) that could not be loaded, with a retry. */
export function UnavailablePanel({ onRetry }: UnavailablePanelProps) {
  const { t } = useTranslation('ui');
  return (
    <div role="alert" className="ui-unavailable-panel">
      <h2 className="sds--text--h4">{t('unavailable.title')}</h2>
      <p>{t('unavailable.text')}</p>
      <Button type={ButtonType.Secondary} txt={t('unavailable.retry')} onClick={() => onRetry()} />
    </div>
  );
}
