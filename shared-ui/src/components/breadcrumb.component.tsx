import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';

/**
 * The breadcrumb of the session store's `breadcrumbPath` in the design system's markup and classes (not
 * its component: shared-ui is loaded whole on the shell's first page, and importing any component of the
 * design system brings in all the used ones, DOMPurify included). Entries with a path are router links,
 * the last one is the current page. Nothing when the path is empty.
 */
export function Breadcrumb() {
  const { t } = useTranslation('ui');
  const path = useSessionStore((state) => state.breadcrumbPath);
  if (!path || path.length === 0) return null;
  return (
    <nav className="sds--breadcrumb sds--text--body--small" aria-label={t('breadcrumb.label')}>
      <ol className="sds--breadcrumb--list">
        {path.map((item, index) => {
          const last = index === path.length - 1;
          return (
            <li key={index}>
              {item.path && !last ? (
                <Link to={item.path}>{item.value}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.value}</span>
              )}
              {!last && (
                <span className="sds--breadcrumb--sds--divider">
                  <svg width="12.4" height="24" viewBox="0 0 12.4 24" aria-hidden="true" focusable="false">
                    <path
                      d="M1 1l10.4 11L1 23"
                      fill="none"
                      stroke="#000"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      strokeWidth="1.5"
                    />
                  </svg>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
