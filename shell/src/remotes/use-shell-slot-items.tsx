import { useMemo } from 'react';
import type { SlotItems, SlotName } from 'shared-ui/core';
import { useRemotesStore } from './remotes.store';
import { SlotEntryView } from './slot.component';
import { useSlot } from './use-slot';

/**
 * The shell's answer to `useSlotItems` of shared-ui: the slot's entries from every loaded remote, each
 * rendered inside its remote's boundary, so a remote renders a slot (system.tabs, role.tabs) whose other
 * entries come from remotes it does not know.
 */
export function useShellSlotItems(slot: SlotName, context?: Record<string, unknown>): SlotItems {
  const entries = useSlot(slot, context);
  const settled = useRemotesStore((state) =>
    Object.values(state.remotes).every((remote) => remote.status !== 'loading'),
  );
  const incomplete = useRemotesStore(
    (state) =>
      state.listFailed ||
      Object.values(state.remotes).some((remote) => !remote.metadata || remote.status === 'failed'),
  );
  // Joined, so that the selection compares by value between renders.
  const undescribed = useRemotesStore((state) =>
    Object.entries(state.remotes)
      .filter(([, remote]) => remote.status === 'failed' && !remote.metadata)
      .map(([id]) => id)
      .join('\n'),
  );
  const retryAll = useRemotesStore((state) => state.retryAll);
  return useMemo(
    () => ({
      settled,
      incomplete,
      undescribed: undescribed ? undescribed.split('\n') : [],
      retry: () => void retryAll(),
      items: entries.map((entry) => ({
        remoteId: entry.remoteId,
        id: entry.id,
        order: entry.order,
        label: entry.label,
        href: entry.href,
        render: (props?: Record<string, unknown>) => <SlotEntryView entry={entry} context={props} />,
      })),
    }),
    [entries, settled, incomplete, undescribed, retryAll],
  );
}
