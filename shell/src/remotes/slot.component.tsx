import type { SlotName } from 'shared-ui/core';
import { RemoteMount } from './remote-mount.component';
import { useSlot } from './use-slot';
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

/** Renders every visible component extension of a named slot, in order. */
export function Slot({ name, context }: { name: SlotName; context?: Record<string, unknown> }) {
  const entries = useSlot(name, context);
  return (
    <>
      {entries.map((entry) => (
        <SlotEntryView key={`${entry.remoteId}:${entry.id}`} entry={entry} context={context} />
      ))}
    </>
  );
}
