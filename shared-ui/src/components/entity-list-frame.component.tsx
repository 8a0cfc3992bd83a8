import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from './data-table.component';
import { Loader } from './loader.component';
import { NewEntityButton, type NewEntityAction } from './new-entity-button.component';

export interface ListSearch {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown under the field and linked to it, e.g. that more characters are needed. */
  hint?: string;
}

export interface EntityListFrameProps<T> {
  /** Extra class next to `ui-entity-table`. */
  className?: string;
  /** The title with its count, if any. */
  heading?: string;
  /** No search field without it. */
  search?: ListSearch;
  actions?: ReactNode;
  newEntity?: NewEntityAction;
  /** What to show below the header, in the order loading → failed → empty → data. */
  state: 'loading' | 'failed' | 'empty' | 'data';
  /** Marks the list busy for assistive technology (also while a later page loads). */
  busy?: boolean;
  emptyText?: string;
  table: DataTableProps<T>;
  /** Under the table: pagination or the "more results" hint. */
  footer?: ReactNode;
}

/**
 * The rendering EntityTable (client-side) and PagedList (server-side) share: the header with title, search,
 * actions and the new-entity button, then the loader, the load error, the empty text or the table.
 */
export function EntityListFrame<T>(props: EntityListFrameProps<T>) {
  const { className, heading, search, actions, newEntity, state, busy, emptyText, table, footer } = props;
  const { t } = useTranslation('ui');
  const hintId = `${table.idPrefix}-hint`;
  return (
    <section className={`ui-entity-table${className ? ` ${className}` : ''}`} aria-busy={busy || undefined}>
      <div className="ui-entity-table-header">
        {heading && <h2 className="sds--text--h4">{heading}</h2>}
        <div className="ui-entity-table-actions">
          {search && (
            <div className="sds--text-field ui-search">
              <input
                type="search"
                className="sds--text-field--input"
                aria-label={t('search.label')}
                aria-describedby={search.hint ? hintId : undefined}
                placeholder={search.placeholder ?? t('search.placeholder')}
                value={search.value}
                onChange={(event) => search.onChange(event.target.value)}
              />
              {search.hint && (
                <p id={hintId} className="sds--text-field--message ui-search-hint">
                  {search.hint}
                </p>
              )}
            </div>
          )}
          {actions}
          {newEntity && <NewEntityButton action={newEntity} />}
        </div>
      </div>
      {state === 'loading' ? (
        <Loader />
      ) : state === 'failed' ? (
        <p role="alert" className="ui-load-failed">
          {t('table.loadFailed')}
        </p>
      ) : state === 'empty' ? (
        <p className="ui-no-entities">{emptyText ?? t('table.noEntities')}</p>
      ) : (
        <>
          <DataTable {...table} label={table.label ?? heading} />
          {footer}
        </>
      )}
    </section>
  );
}
