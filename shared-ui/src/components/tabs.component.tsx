import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TabItem {
  /** Unique; also the tab's route segment where tabs are routed. */
  id: string;
  /** A label ending in a count in brackets ("Users (12)") shows the count as a badge. */
  label: string;
  /** A count shown as a badge; overrides one in brackets in the label. */
  count?: number;
  /** A dot telling the user something in this tab needs attention. */
  notifier?: boolean;
  /** Shown but cannot be chosen. */
  readOnly?: boolean;
  /** The tab's content is loading. */
  busy?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  activeTab: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label?: string;
  /** The panel of the active tab. */
  children?: ReactNode;
}

const COUNT_IN_BRACKETS = /^(.*?)\s*\((\d+)\)\s*$/;

function splitLabel(tab: TabItem): { text: string; count?: number } {
  const match = COUNT_IN_BRACKETS.exec(tab.label);
  const text = match ? match[1] : tab.label;
  const count = tab.count ?? (match ? Number(match[2]) : undefined);
  return { text, count };
}

/**
 * A tabbed container on SDS's tab navigation look, keyboard-accessible after the WAI-ARIA tabs pattern:
 * arrow keys, Home and End move between the tabs that can be chosen and activate them.
 */
export function Tabs({ tabs, activeTab, onChange, label, children }: TabsProps) {
  const { t } = useTranslation('ui');
  // Several tab sets may share a page (home tabs, role tabs): ids carry a per-instance prefix.
  const prefix = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const choosable = tabs.filter((tab) => !tab.readOnly);
  const active = tabs.find((tab) => tab.id === activeTab);

  const choose = (tab: TabItem) => {
    if (tab.readOnly) return;
    refs.current[tab.id]?.focus();
    if (tab.id !== activeTab) onChange(tab.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, tab: TabItem) => {
    const index = choosable.findIndex((candidate) => candidate.id === tab.id);
    const last = choosable.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (!(event.key in next) || choosable.length === 0) return;
    event.preventDefault();
    choose(choosable[next[event.key]]);
  };

  // On a narrow screen the strip scrolls sideways: the selected tab is kept in view, at first render and
  // on every change (issue 55: on a phone the system area opened with its selected tab out of sight). The
  // strip itself is scrolled, never the page (which scrollIntoView could do too). Measured again when the
  // strip's size changes: the shell renders a page hidden behind its loader first, where nothing has a size.
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const keepInView = () => {
      const selected = refs.current[activeTab];
      if (!selected) return;
      const strip = list.getBoundingClientRect();
      const tab = selected.getBoundingClientRect();
      if (tab.left < strip.left) list.scrollLeft -= strip.left - tab.left;
      else if (tab.right > strip.right)
        list.scrollLeft += Math.min(tab.right - strip.right, tab.left - strip.left);
    };
    keepInView();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(keepInView);
    observer.observe(list);
    return () => observer.disconnect();
  }, [activeTab, tabs.length]);

  return (
    <div className="sds--tab-navigation--default ui-tabs">
      <div className="sds--tab-navigation--nav">
        <div ref={listRef} role="tablist" aria-label={label ?? t('tabs.label')}>
          {tabs.map((tab) => {
            const { text, count } = splitLabel(tab);
            const selected = tab.id === activeTab;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  refs.current[tab.id] = element;
                }}
                type="button"
                role="tab"
                id={`${prefix}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${prefix}-tabpanel-${tab.id}`}
                aria-disabled={tab.readOnly || undefined}
                aria-busy={tab.busy || undefined}
                tabIndex={selected ? 0 : -1}
                className={
                  [selected ? 'active' : '', tab.readOnly ? 'read-only' : ''].join(' ').trim() || undefined
                }
                onClick={() => choose(tab)}
                onKeyDown={(event) => onKeyDown(event, tab)}
              >
                <span className="ui-tab-label">{text}</span>
                {count !== undefined && (
                  <span className="ui-tab-count" aria-label={t('tabs.count', { count })}>
                    {/* The design system's small number badge, in its classes (see breadcrumb.component.tsx). */}
                    <span className="sds--badge--number sds--badge--number--small">{count}</span>
                  </span>
                )}
                {tab.notifier && (
                  <span className="ui-tab-notifier" role="img" aria-label={t('tabs.notifier')} />
                )}
              </button>
            );
          })}
        </div>
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${prefix}-tabpanel-${active.id}`}
          aria-labelledby={`${prefix}-tab-${active.id}`}
          aria-busy={active.busy || undefined}
          className="sds--tab-navigation--content"
          tabIndex={0}
        >
          {children}
        </div>
      )}
    </div>
  );
}
