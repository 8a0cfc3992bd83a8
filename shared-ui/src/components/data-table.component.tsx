import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { valueAt } from '../utils/entity-sort';
import { Checkbox } from './checkbox.component';

export type RowKey = string | number;
export type SortDirection = 'asc' | 'desc';

export interface EntityColumn<T> {
  /** Attribute path read for display, search and sort (e.g. `name`, `role.name`, `end_date`). */
  key: string;
  header: ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Custom cell; default shows the attribute's value. */
  render?: (entity: T) => ReactNode;
  /** The raw value to sort on, when it is not the attribute itself. */
  sortValue?: (entity: T) => unknown;
  className?: string;
  /**
   * The page this cell's content links to (a real link: a screen reader hears it, it opens in a new tab).
   * A row with such a link opens by a click anywhere on it, and is no tab stop of its own.
   */
  link?: (entity: T) => string | undefined;
}

export interface RowSelection<T> {
  selected: RowKey[];
  onChange: (selected: RowKey[]) => void;
  /** The row's name or e-mail: its checkbox is announced as "Select <name>". */
  rowName: (entity: T) => string;
  /** Rows the user may act on; the others show a disabled checkbox. Default: all. */
  isAllowed?: (entity: T) => boolean;
  /** Tooltip on a disabled checkbox. */
  notAllowedText?: string;
}

/**
 * The row's name for its checkbox. A remote built before `rowName` existed (this shell runs its tables:
 * shared-ui is a singleton) passes none: then the row's name or e-mail, else its key, never a crash.
 */
function rowNameOf<T>(selection: RowSelection<T>, row: T, key: RowKey): string {
  const given = (selection as Partial<RowSelection<T>>).rowName;
  if (typeof given === 'function') return given(row);
  const name = valueAt(row, 'name') ?? valueAt(row, 'email');
  return typeof name === 'string' && name !== '' ? name : String(key);
}

export interface DataTableProps<T> {
  rows: T[];
  columns: EntityColumn<T>[];
  rowKey: (entity: T) => RowKey;
  sortKey?: string;
  sortDirection: SortDirection;
  onSort: (key: string) => void;
  onRowClick?: (entity: T) => void;
  /** Rows that open on click (default: all when onRowClick is given); the others do not look clickable. */
  canOpenRow?: (entity: T) => boolean;
  selection?: RowSelection<T>;
  /** Distinguishes the checkbox ids of several tables on one page. */
  idPrefix: string;
  /** The table's name (the list's heading): names its box when that scrolls sideways. */
  label?: string;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="switch"]';

function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '✓' : '';
  return String(value);
}

/**
 * Whether the box scrolls sideways, and whether more lies to its right: measured on first render, on
 * every resize of the box or the table, and on scrolling.
 */
function useSidewaysScroll() {
  const box = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ overflowing: false, moreRight: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => {
      const overflowing = element.scrollWidth > element.clientWidth + 1;
      const moreRight = overflowing && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setScroll((current) =>
        current.overflowing === overflowing && current.moreRight === moreRight
          ? current
          : { overflowing, moreRight },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return { box, ...scroll };
}

/** The table part shared by EntityTable (client-side) and PagedList (server-side). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, rowKey, sortKey, sortDirection, onSort, selection, idPrefix } = props;
  const { onRowClick, canOpenRow, label } = props;
  const { t } = useTranslation('ui');
  const { box, overflowing, moreRight } = useSidewaysScroll();
  const hintId = `${idPrefix}-scroll-hint`;
  const allowed = selection ? rows.filter((row) => selection.isAllowed?.(row) ?? true) : [];
  const allowedKeys = allowed.map(rowKey);
  const allSelected = allowedKeys.length > 0 && allowedKeys.every((key) => selection?.selected.includes(key));

  const toggleAll = (checked: boolean) => {
    if (!selection) return;
    const others = selection.selected.filter((key) => !allowedKeys.includes(key));
    selection.onChange(checked ? [...others, ...allowedKeys] : others);
  };
  const toggle = (key: RowKey, checked: boolean) => {
    if (!selection) return;
    selection.onChange(checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key));
  };
  const linkOf = (row: T) => columns.map((column) => column.link?.(row)).find(Boolean);
  const clickRow = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    // Links, buttons and checkboxes inside a row do their own thing.
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    const link = event.currentTarget.querySelector<HTMLAnchorElement>('a.ui-row-link');
    if (link) link.click();
    else onRowClick?.(row);
  };
  const keyRow = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(row);
  };

  return (
    // On a narrow screen the table scrolls in its own box; the page never grows wider than the screen.
    // Such a box says so (issue 55): a line of text, a shade at the edge where more lies, and it is a named
    // region a keyboard user can reach and scroll with the arrow keys.
    <div className="ui-data-table-frame">
      {overflowing && (
        <p id={hintId} className="ui-scroll-hint">
          {t('table.scrollHint')}
        </p>
      )}
      <div className={`ui-data-table-shade${moreRight ? ' ui-data-table-more' : ''}`}>
        <div
          ref={box}
          className="sds--table ui-data-table"
          {...(overflowing
            ? {
                role: 'region',
                tabIndex: 0,
                'aria-label': label || t('table.scrollRegion'),
                'aria-describedby': hintId,
              }
            : {})}
        >
          <table>
            <thead>
              <tr>
                {selection && (
                  <th className="ui-select-column">
                    <Checkbox
                      id={`${idPrefix}-select-all`}
                      label={t('table.selectAll')}
                      hideLabel
                      checked={allSelected}
                      disabled={allowedKeys.length === 0}
                      onChange={toggleAll}
                    />
                  </th>
                )}
                {columns.map((column) => {
                  const sortable = column.sortable !== false;
                  const sorted = sortable && sortKey === column.key;
                  return (
                    <th
                      key={column.key}
                      className={column.className}
                      aria-sort={sorted ? (sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <button type="button" className="ui-sort-button" onClick={() => onSort(column.key)}>
                          {column.header}
                          {sorted && <span aria-hidden="true">{sortDirection === 'asc' ? ' ▲' : ' ▼'}</span>}
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const key = rowKey(row);
                const mayAct = selection?.isAllowed?.(row) ?? true;
                const linked = linkOf(row) !== undefined;
                const opens = linked || (onRowClick !== undefined && (canOpenRow?.(row) ?? true));
                return (
                  <tr
                    key={key}
                    className={opens ? 'clickable' : undefined}
                    tabIndex={opens && !linked ? 0 : undefined}
                    onClick={opens ? (event) => clickRow(event, row) : undefined}
                    onKeyDown={opens ? (event) => keyRow(event, row) : undefined}
                  >
                    {selection && (
                      <td className="ui-select-column">
                        <Checkbox
                          id={`${idPrefix}-select-${key}`}
                          label={t('table.selectRow', { name: rowNameOf(selection, row, key) })}
                          hideLabel
                          checked={mayAct && selection.selected.includes(key)}
                          disabled={!mayAct}
                          title={mayAct ? undefined : selection.notAllowedText}
                          onChange={(checked) => toggle(key, checked)}
                        />
                      </td>
                    )}
                    {columns.map((column) => {
                      const content = column.render
                        ? column.render(row)
                        : defaultCell(valueAt(row, column.key));
                      const href = column.link?.(row);
                      return (
                        <td key={column.key} className={column.className}>
                          {href ? (
                            <Link className="ui-row-link" to={href}>
                              {content}
                            </Link>
                          ) : (
                            content
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
