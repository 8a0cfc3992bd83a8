import { useId, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from 'shared-auth';
import { matchesSearch, sortEntities, valueAt } from '../utils/entity-sort';
import {
  type EntityColumn,
  type RowKey,
  type RowSelection,
  type SortDirection,
} from './data-table.component';
import { EntityListFrame } from './entity-list-frame.component';
import { type NewEntityAction } from './new-entity-button.component';
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
  /** Rows that open on click (default: all); the others do not look clickable. */
  canOpenRow?: (entity: T) => boolean;
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
    canOpenRow,
    newEntity,
    actions,
    selection,
  } = props;
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
    <EntityListFrame
      heading={title && (showCount && !loading ? `${title} (${matching.length})` : title)}
      search={
        searchAttributes.length > 0
          ? {
              value: query,
              placeholder: props.searchPlaceholder,
              onChange: (value) => {
                setQuery(value);
                setPage(1);
              },
            }
          : undefined
      }
      actions={actions}
      newEntity={newEntity}
      state={loading ? 'loading' : sorted.length === 0 ? 'empty' : 'data'}
      busy={loading}
      emptyText={emptyText}
      table={{
        rows: visible,
        columns,
        rowKey,
        sortKey,
        sortDirection: direction,
        onSort,
        onRowClick,
        canOpenRow,
        selection,
        idPrefix,
      }}
      footer={
        <Pagination total={sorted.length} pageSize={pageSize} currentPage={currentPage} onChange={setPage} />
      }
    />
  );
}
