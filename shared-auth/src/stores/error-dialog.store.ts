import { create } from 'zustand';

export interface ErrorDialogState {
  open: boolean;
  /** The reference number shown in the failure dialog (spec §8). */
  reference: number | string | null;
  show(reference: number | string | null): void;
  close(): void;
}

/** Drives the one failure dialog ('An error has occurred', reference number). */
export const useErrorDialogStore = create<ErrorDialogState>()((set) => ({
  open: false,
  reference: null,
  show: (reference) => set({ open: true, reference }),
  close: () => set({ open: false, reference: null }),
}));
