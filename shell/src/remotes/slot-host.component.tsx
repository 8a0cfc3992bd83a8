import type { ReactNode } from 'react';
import { SlotHostContext, type SlotViewsProps } from 'shared-ui';
import { SlotEntryView } from './slot.component';
import { useSlot } from './use-slot';

/** The slot renderer the shell lends to remotes: every loaded remote's visible extensions, in order. */
function ShellSlotViews({ slot, context, children }: SlotViewsProps) {
  const entries = useSlot(slot, context);
  const views = entries
    .filter((entry) => entry.available)
    .map((entry) => ({
      id: entry.id,
      order: entry.order,
      label: entry.label,
      element: <SlotEntryView entry={entry} context={context} />,
    }));
  return <>{children(views)}</>;
}

/** Lets remote pages render slots that other remotes contribute to (see shared-ui's SlotHostContext). */
export function SlotHostProvider({ children }: { children: ReactNode }) {
  return <SlotHostContext.Provider value={ShellSlotViews}>{children}</SlotHostContext.Provider>;
}
