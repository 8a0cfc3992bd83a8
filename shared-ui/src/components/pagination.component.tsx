import { useTranslation } from 'react-i18next';
import { paginationWindow, totalPages } from '../utils/pagination';

export interface PaginationProps {
  total: number;
  pageSize: number;
  /** 1-based. */
  currentPage: number;
  onChange: (page: number) => void;
}

/**
 * Page links of spec §9 on SDS's pagination look. Own markup because SDS's links are `href="#"`:
 * these are buttons, so a click never changes the URL.
 */
export function Pagination({ total, pageSize, currentPage, onChange }: PaginationProps) {
  const { t } = useTranslation('ui');
  const pages = totalPages(total, pageSize);
  if (total <= pageSize) return null;
  const go = (page: number) => {
    if (page !== currentPage && page >= 1 && page <= pages) onChange(page);
  };
  return (
    <div className="sds--pagination ui-pagination">
      <nav className="sds--pagination--nav sds--text--body--large" aria-label={t('pagination.label')}>
        <ul>
          {currentPage > 1 && (
            <li>
              <button type="button" aria-label={t('pagination.previous')} onClick={() => go(currentPage - 1)}>
                ‹
              </button>
            </li>
          )}
          {paginationWindow(currentPage, pages).map((link, index) =>
            link === 'ellipsis' ? (
              <li key={`ellipsis-${index}`}>
                <span className="link-placeholder" aria-hidden="true">
                  ...
                </span>
              </li>
            ) : (
              <li key={link}>
                <button
                  type="button"
                  className={link === currentPage ? 'is-active' : undefined}
                  aria-current={link === currentPage ? 'page' : undefined}
                  aria-label={t('pagination.page', { page: link })}
                  onClick={() => go(link)}
                >
                  {link}
                </button>
              </li>
            ),
          )}
          {currentPage < pages && (
            <li>
              <button type="button" aria-label={t('pagination.next')} onClick={() => go(currentPage + 1)}>
                ›
              </button>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
