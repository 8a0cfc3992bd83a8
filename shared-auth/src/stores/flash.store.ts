import { create } from 'zustand';
import { FLASH_AUTO_CLEAR_MS } from '../constants.js';

export type FlashType = 'info' | 'success' | 'warning' | 'error';

export interface Flash {
  msg: string;
  /** `flash flash-<type>`: the look of the message. */
  className: string;
  type: FlashType;
  action?: () => void;
  actionLabel?: string;
}

export interface FlashState {
  flash: Flash | null;
  setFlash(msg: string, type?: FlashType, action?: () => void, actionLabel?: string): void;
  clearFlash(): void;
}

let clearTimer: ReturnType<typeof setTimeout> | undefined;

function cancelTimer(): void {
  if (clearTimer !== undefined) clearTimeout(clearTimer);
  clearTimer = undefined;
}

/** The one flash store (spec §4 Flash). */
export const useFlashStore = create<FlashState>()((set) => ({
  flash: null,
  setFlash: (msg, type, action, actionLabel) => {
    const flashType: FlashType = type ?? 'info';
    cancelTimer();
    set({
      flash: {
        msg,
        type: flashType,
        className: `flash flash-${flashType}`,
        ...(action ? { action } : {}),
        ...(actionLabel ? { actionLabel } : {}),
      },
    });
    // Only info clears itself; success, warning and error stay until cleared or replaced.
    if (flashType === 'info') {
      clearTimer = setTimeout(() => {
        clearTimer = undefined;
        set({ flash: null });
      }, FLASH_AUTO_CLEAR_MS);
    }
  },
  clearFlash: () => {
    cancelTimer();
    set({ flash: null });
  },
}));

/** Shows a flash message; type defaults to info, which clears itself after 5 s. */
export function setFlash(
  msg: string,
  type: FlashType = 'info',
  action?: () => void,
  actionLabel?: string,
): void {
  useFlashStore.getState().setFlash(msg, type, action, actionLabel);
}

/** Removes the flash message. */
export function clearFlash(): void {
  useFlashStore.getState().clearFlash();
}
