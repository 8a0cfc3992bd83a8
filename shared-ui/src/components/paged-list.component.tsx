import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  isCappedTotal,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  shownTotal,
  type Page,
} from 'shared-auth';
import { valueAt } from '../utils/entity-sort';
import {
  type EntityColumn,
  type RowKey,
  type RowSelection,
  type SortDirection,
} from './data-table.component';
import { EntityListFrame } from './entity-list-frame.component';
import { type NewEntityAction } from './new-entity-button.component';
import { Pagination } from './pagination.component';

/** The paged query of spec §3, all fields filled in. */
export interface PageRequest {
  query: string;
  /** 0-based. */
  pageNumber: number;
  pageSize: number;
  sort: string;
  sortDirection: 'ASC' | 'DESC';
}

export interface PagedListProps<T> {
  /** Fetches one page from the server; usually a function of a remote's `*.resource.ts`. */
  fetchPage: (request: PageRequest) => Promise<Page<T>>;
  columns: EntityColumn<T>[];
  rowKey?: (entity: T) => RowKey;
  title?: string;
  emptyText?: string;
  /** Default 10 (spec §9). */
  pageSize?: number;
  /** Default `name`. */
  defaultSort?: string;
  defaultSortDirection?: 'ASC' | 'DESC';
  /**
   * With pagination (default) every result is reachable through the page links. Without it only the first
   * page is shown, with the "more results" hint when the server has more.
   */
  paginate?: boolean;
  onRowClick?: (entity: T) => void;
  newEntity?: NewEntityAction;
  actions?: ReactNode;
  selection?: RowSelection<T>;
  /** Change it to fetch again (e.g. after a delete). */
  reloadKey?: unknown;
  /**
   * The server caps this list's total (a search: COUNT_CAP + 1 means more). Past the cap the heading shows
   * `1000+` and the list asks for a narrower search.
   */
  cappedTotal?: boolean;
}

const byId = (entity: unknown): RowKey => valueAt(entity, 'id') as RowKey;

/** True for the texts spec §5 lets reach the server: empty, or longer than 2 characters once trimmed. */
export function isSearchable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length === 0 || trimmed.length >= SEARCH_MIN_CHARS;
}

/** A server-side searched, sorted and paged list (spec §2 paged list screen). */
export function PagedList<T>(props: PagedListProps<T>) {
  const { columns, rowKey = byId, title, emptyText, pageSize = DEFAULT_PAGE_SIZE, paginate = true } = props;
  const { onRowClick, newEntity, actions, selection, reloadKey, cappedTotal = false } = props;
  const { t } = useTranslation('ui');
  const idPrefix = useId();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sortKey, setSortKey] = useState(props.defaultSort ?? 'name');
  const [direction, setDirection] = useState<'ASC' | 'DESC'>(props.defaultSortDirection ?? 'ASC');
  const [result, setResult] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // A ref, so that an inline fetchPage does not refetch on every render.
  const fetchRef = useRef(props.fetchPage);
  useEffect(() => {
    fetchRef.current = props.fetchPage;
  });

  useEffect(() => {
    if (!isSearchable(input)) return undefined;
    const timer = setTimeout(() => {
      setQuery(input.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchRef
      .current({ query, pageNumber: page - 1, pageSize, sort: sortKey, sortDirection: direction })
      .then((answer) => {
        if (!current) return;
        setResult(answer);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    // An answer to an older request must not overwrite a newer one.
    return () => {
      current = false;
    };
  }, [query, page, pageSize, sortKey, direction, reloadKey]);

  const onSort = (key: string) => {
    if (key === sortKey) setDirection(direction === 'ASC' ? 'DESC' : 'ASC');
    else {
      setSortKey(key);
      setDirection('ASC');
    }
    setPage(1);
  };

  const rows = result?.content ?? [];
  const total = result?.totalElements ?? 0;
  const sortDirection: SortDirection = direction === 'ASC' ? 'asc' : 'desc';
  const capped = cappedTotal && isCappedTotal(total);
  const moreResults = <p className="ui-more-results">{t('search.moreResults')}</p>;

  return (
    <EntityListFrame
      className="ui-paged-list"
      heading={title && (result ? `${title} (${cappedTotal ? shownTotal(total) : total})` : title)}
      search={{
        value: input,
        onChange: setInput,
        hint: isSearchable(input) ? undefined : t('search.minimumCharacters'),
      }}
      actions={actions}
      newEntity={newEntity}
      state={loading && !result ? 'loading' : failed ? 'failed' : rows.length === 0 ? 'empty' : 'data'}
      busy={loading}
      emptyText={emptyText}
      table={{ rows, columns, rowKey, sortKey, sortDirection, onSort, onRowClick, selection, idPrefix }}
      footer={
        paginate ? (
          <>
            <Pagination total={total} pageSize={pageSize} currentPage={page} onChange={setPage} />
            {capped && moreResults}
          </>
        ) : (
          total > rows.length && moreResults
        )
      }
    />
  );
}
