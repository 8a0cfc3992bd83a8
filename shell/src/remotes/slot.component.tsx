import { RemoteMount } from './remote-mount.component';
import type { SlotEntry } from './use-slot';

/** Renders one slot entry's component inside its remote's boundary (loader / unavailable panel). */
export function SlotEntryView({ entry, context }: { entry: SlotEntry; context?: Record<string, unknown> }) {
  const Contributed = entry.component;
  return (
    <RemoteMount remoteId={entry.remoteId}>
      {Contributed ? <Contributed context={context} /> : null}
    </RemoteMount>
  );
}
