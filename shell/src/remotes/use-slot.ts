import { useMemo } from 'react';
import { useSessionStore } from 'shared-auth';
import type { SessionState } from 'shared-auth';
import type { Extension, LazyComponent, RemoteId, SlotName, SlotProps } from 'shared-ui';
import { KNOWN_REMOTES, REMOTE_IDS } from './remote-prefixes';
import { useRemotesStore } from './remotes.store';
import type { RemoteState } from './remotes.store';

/** One visible entry of a slot, ready to render. */
export interface SlotEntry {
  /** The remote that contributes it; its i18n namespace. */
  remoteId: RemoteId;
  id: string;
  order: number;
  /** Key of the label; in the remote's namespace when `available`, else in the shell's. */
  labelKey: string;
  labelNamespace: string;
  /** False while the remote loads or when it failed: the entry renders a loader or the unavailable panel. */
  available: boolean;
  href?: string;
  component?: LazyComponent<SlotProps>;
}

function isVisible(extension: Extension, session: SessionState, context?: Record<string, unknown>): boolean {
  try {
    return extension.visible(session, context);
  } catch {
    // A remote's broken rule hides its own extension and nothing else.
    return false;
  }
}

/** The entries of one slot for a session: pure, so it can be tested without rendering. */
export function slotEntries(
  slot: SlotName,
  remotes: Record<RemoteId, RemoteState>,
  session: SessionState,
  context?: Record<string, unknown>,
): SlotEntry[] {
  const entries: SlotEntry[] = [];
  for (const remoteId of REMOTE_IDS) {
    const remote = remotes[remoteId];
    if (remote.status === 'loaded' && remote.contributions) {
      for (const extension of remote.contributions.extensions) {
        if (extension.slot !== slot || !isVisible(extension, session, context)) continue;
        entries.push({
          remoteId,
          id: extension.id,
          order: extension.order,
          labelKey: extension.labelKey,
          labelNamespace: remoteId,
          available: true,
          href: extension.href,
          component: extension.component,
        });
      }
    } else if (slot === 'home.tabs') {
      // We know which home tabs an unloaded remote would add; they stay in place and show its state.
      for (const tab of KNOWN_REMOTES[remoteId].homeTabs) {
        if (!tab.visible(session.user)) continue;
        entries.push({
          remoteId,
          id: tab.id,
          order: tab.order,
          labelKey: tab.labelKey,
          labelNamespace: 'shell',
          available: false,
        });
      }
    }
  }
  return entries.sort((a, b) => a.order - b.order);
}

/** The visible extensions of a slot, sorted by order, for the current session. */
export function useSlot(slot: SlotName, context?: Record<string, unknown>): SlotEntry[] {
  const session = useSessionStore();
  const remotes = useRemotesStore((state) => state.remotes);
  return useMemo(() => slotEntries(slot, remotes, session, context), [slot, remotes, session, context]);
}
