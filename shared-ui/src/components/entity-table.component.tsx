import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from 'shared-auth';
import { matchesSearch, sortEntities, valueAt } from '../utils/entity-sort';
import {
  DataTable,
  type EntityColumn,
  type RowKey,
  type RowSelection,
  type SortDirection,
} from './data-table.component';
import { Loader } from './loader.component';
import { NewEntityButton, type NewEntityAction } from './new-entity-button.component';
import { Pagination } from './pagination.component';

export interface EntityTableProps<T> {
  entities: T[];
  columns: EntityColumn<T>[];
  /** Default: the entity's `id`. */
  rowKey?: (entity: T) => RowKey;
  /** Shown with the number of (matching) entities in brackets. */
  title?: string;
  showCount?: boolean;
  /** Attribute paths searched case-insensitively; no search field without them. */
  searchAttributes?: string[];
  searchPlaceholder?: string;
  defaultSort?: string;
  defaultSortDirection?: SortDirection;
  /** Default 10 (spec §9). */
  pageSize?: number;
  loading?: boolean;
  /** Shown when there is nothing to list, e.g. t('ui:noEntities.roles'). */
  emptyText?: string;
  onRowClick?: (entity: T) => void;
  newEntity?: NewEntityAction;
  /** Extra controls next to the search field (e.g. bulk actions). */
  actions?: ReactNode;
  selection?: RowSelection<T>;
}

const byId = (entity: unknown): RowKey => valueAt(entity, 'id') as RowKey;

/**
 * The searchable, sortable, paginated entity table of spec §2, all client-side. States render in the
 * order loading → empty → data.
 */
export function EntityTable<T>(props: EntityTableProps<T>) {
  const { entities, columns, rowKey = byId, title, showCount = true, searchAttributes = [] } = props;
  const {
    pageSize = DEFAULT_PAGE_SIZE,
    loading,
    emptyText,
    onRowClick,
    newEntity,
    actions,
    selection,
  } = props;
  const { t } = useTranslation('ui');
  const idPrefix = useId();
  const [query, setQuery] = useState('');
  const [sortKey, setSortKey] = useState(props.defaultSort);
  const [direction, setDirection] = useState<SortDirection>(props.defaultSortDirection ?? 'asc');
  const [page, setPage] = useState(1);

  const matching = useMemo(
    () => entities.filter((entity) => matchesSearch(entity, searchAttributes, query)),
    // searchAttributes is usually an inline array literal: compare by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entities, query, searchAttributes.join('|')],
  );
  const sorted = useMemo(() => {
    if (!sortKey) return matching;
    const column = columns.find((c) => c.key === sortKey);
    return sortEntities(matching, sortKey, direction, column?.sortValue);
  }, [matching, sortKey, direction, columns]);

  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const currentPage = Math.min(page, pages);
  const visible = sorted.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  const onSort = (key: string) => {
    if (key === sortKey) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSortKey(key);
      setDirection('asc');
    }
  };

  return (
    <section className="ui-entity-table" aria-busy={loading || undefined}>
      <div className="ui-entity-table-header">
        {title && (
          <h2 className="sds--text--h4">{showCount && !loading ? `${title} (${matching.length})` : title}</h2>
        )}
        <div className="ui-entity-table-actions">
          {searchAttributes.length > 0 && (
            <div className="sds--text-field ui-search">
              <input
                type="search"
                className="sds--text-field--input"
                aria-label={t('search.label')}
                placeholder={props.searchPlaceholder ?? t('search.placeholder')}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setPage(1);
                }}
              />
            </div>
          )}
          {actions}
          {newEntity && <NewEntityButton action={newEntity} />}
        </div>
      </div>
      {loading ? (
        <Loader />
      ) : sorted.length === 0 ? (
        <p className="ui-no-entities">{emptyText ?? t('table.noEntities')}</p>
      ) : (
        <>
          <DataTable
            rows={visible}
            columns={columns}
            rowKey={rowKey}
            sortKey={sortKey}
            sortDirection={direction}
            onSort={onSort}
            onRowClick={onRowClick}
            selection={selection}
            idPrefix={idPrefix}
          />
          <Pagination
            total={sorted.length}
            pageSize={pageSize}
            currentPage={currentPage}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
