import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { SlotName } from './contract';

/** One visible extension of a slot, ready to show: its label already translated. */
export interface SlotView {
  id: string;
  order: number;
  label: string;
  /** The extension's component, inside its remote's boundary. */
  element: ReactNode;
}

export interface SlotViewsProps {
  slot: SlotName;
  context?: Record<string, unknown>;
  /** Lays the views out (e.g. as tabs); they come visible only and sorted by order. */
  children: (views: SlotView[]) => ReactNode;
}

/**
 * How a remote renders a slot whose extensions come from several remotes (the role page's `role.tabs`):
 * the shell provides the component, because only the shell knows every loaded remote. Without a host
 * (a remote running on its own, a unit test) the caller falls back to its own extensions.
 */
export const SlotHostContext = createContext<ComponentType<SlotViewsProps> | null>(null);

/** The host's slot renderer, or null when there is none. */
export function useSlotHost(): ComponentType<SlotViewsProps> | null {
  return useContext(SlotHostContext);
}
