import { useTranslation } from 'react-i18next';

export interface LoaderProps {
  /** Text for screen readers; defaults to "Loading...". */
  label?: string;
}

/**
 * The design system's three-dot loader (its markup and classes; see breadcrumb.component.tsx for why not
 * its component), announced as a status to assistive technology.
 */
export function Loader({ label }: LoaderProps) {
  const { t } = useTranslation('ui');
  return (
    <div role="status" aria-live="polite" className="ui-loader">
      <div className="sds--loading-container">
        <div className="sds--loading">
          <span className="sds--loading--dot" />
          <span className="sds--loading--dot" />
          <span className="sds--loading--dot" />
        </div>
      </div>
      <span className="sds--visually-hidden">{label ?? t('loader.loading')}</span>
    </div>
  );
}
