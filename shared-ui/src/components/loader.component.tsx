import { Loader as SdsLoader } from '@surfnet/sds';
import { useTranslation } from 'react-i18next';

export interface LoaderProps {
  /** Text for screen readers; defaults to "Loading...". */
  label?: string;
}

/** SDS's three-dot loader, announced as a status to assistive technology. */
export function Loader({ label }: LoaderProps) {
  const { t } = useTranslation('ui');
  return (
    <div role="status" aria-live="polite" className="ui-loader">
      <SdsLoader />
      <span className="sds--visually-hidden">{label ?? t('loader.loading')}</span>
    </div>
  );
}
