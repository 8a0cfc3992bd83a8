import { createContext, createElement, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore, visibilityRule } from 'shared-auth';
import type { RemoteContributions, RemoteId, SlotName } from '../contract';
import { ErrorBoundary } from './error-boundary.component';
import { Loader } from './loader.component';

/** One visible entry of a named slot, as a remote that renders the slot sees it. */
export interface SlotItem {
  /** The remote that contributes it. */
  remoteId: RemoteId;
  /** Unique within the slot; for tabs the tab's route segment. */
  id: string;
  order: number;
  /** Already translated. */
  label: string;
  href?: string;
  /** The contribution inside its remote's boundary (loader, unavailable panel); null for plain links. */
  render: (context?: Record<string, unknown>) => ReactNode;
}

export interface SlotItems {
  /** Visible entries, lowest order first. */
  items: SlotItem[];
  /** False while a remote that may still add entries is loading. */
  settled: boolean;
  /** True when a remote could not be described or loaded: entries it would add may be missing. */
  incomplete?: boolean;
  /**
   * Remotes that could not be described (manifest unreadable, never seen in this browser): entries they
   * would add to this slot are missing, unknown. A remote rendering the slot names them beside it, with
   * `retry`. Hosts before issue 43 leave it out.
   */
  undescribed?: RemoteId[];
  /** Tries the remotes that could not be described or loaded again. */
  retry?: () => void;
}

/** How the host (shell or standalone runner) answers a slot; must be one stable hook function. */
export type UseSlotItems = (slot: SlotName, context?: Record<string, unknown>) => SlotItems;

const NO_SLOTS: UseSlotItems = () => ({ items: [], settled: true });
const SlotHostContext = createContext<UseSlotItems>(NO_SLOTS);

/**
 * Lets remotes render slots the shell owns the contents of (e.g. `system.tabs`, `role.tabs`): the shell
 * provides a hook over every loaded remote; a remote renders the answer without knowing the others.
 */
export function SlotHostProvider({ useItems, children }: { useItems: UseSlotItems; children: ReactNode }) {
  return <SlotHostContext.Provider value={useItems}>{children}</SlotHostContext.Provider>;
}

/** The visible entries of `slot` for the current session, sorted by order. */
export function useSlotItems(slot: SlotName, context?: Record<string, unknown>): SlotItems {
  const useItems = useContext(SlotHostContext);
  return useItems(slot, context);
}

/**
 * A slot host over contributions already in hand: the standalone runner (one remote) and tests (a remote
 * beside fakes of the others). Each component renders in an error boundary with a loader.
 */
export function contributionsSlotHost(all: RemoteContributions[]): UseSlotItems {
  return function useContributedItems(slot, context) {
    const { t } = useTranslation();
    const user = useSessionStore((state) => state.user);
    return useMemo(() => {
      const items: SlotItem[] = [];
      for (const remote of all) {
        for (const extension of remote.extensions) {
          if (extension.slot !== slot) continue;
          let visible = false;
          try {
            visible = Boolean(visibilityRule(extension.visibleRule)?.(user, context));
          } catch {
            // A broken rule hides its own entry only.
          }
          if (!visible) continue;
          const component = extension.component;
          items.push({
            remoteId: remote.id,
            id: extension.id,
            order: extension.order,
            label: t(extension.labelKey, { ns: remote.id }),
            href: extension.href,
            render: (props) =>
              component ? (
                <ErrorBoundary>
                  <Suspense fallback={<Loader />}>{createElement(component, { context: props })}</Suspense>
                </ErrorBoundary>
              ) : null,
          });
        }
      }
      // One item per id, the first by order (an entry may rename another of its remote for some users).
      const seen = new Set<string>();
      const unique: SlotItem[] = [];
      for (const item of items.sort((a, b) => a.order - b.order)) {
        const key = `${item.remoteId}|${item.id}`;
        if (!seen.has(key)) unique.push(item);
        seen.add(key);
      }
      return { items: unique, settled: true };
    }, [slot, context, user, t]);
  };
}
