import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchInvitationProgress, type InvitationProgress } from '../invitations.resource';

/** From this many addresses on, the form shows how far the create is (1,000 take seconds). */
export const BULK_PROGRESS_FROM = 50;
/** Time between two progress polls; the next waits for the previous answer. */
export const PROGRESS_POLL_MS = 500;

/** A fresh random key (uuid v4) naming one create's progress on the server. */
export function newProgressKey(): string {
  // randomUUID needs a secure context; getRandomValues works everywhere the console runs.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the form shows while a bulk create runs: the addresses sent, and the server's last report. */
export interface BulkProgressView {
  total: number;
  report: InvitationProgress | null;
}

/**
 * `track(count, create)` runs `create`; with `BULK_PROGRESS_FROM` addresses or more it hands `create` a
 * progress key and polls that key until `create` ends. `progress` is null when nothing is tracked.
 */
export function useBulkProgress(): {
  progress: BulkProgressView | null;
  track: <T>(count: number, create: (progressKey?: string) => Promise<T>) => Promise<T>;
} {
  const [progress, setProgress] = useState<BulkProgressView | null>(null);
  const stopPolling = useRef<(() => void) | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      // The form goes away (the create succeeded and navigated, or the user left): no poll outlives it.
      mounted.current = false;
      stopPolling.current?.();
    };
  }, []);

  const track = useCallback(
    async <T>(count: number, create: (progressKey?: string) => Promise<T>): Promise<T> => {
      if (count < BULK_PROGRESS_FROM) return create();
      stopPolling.current?.();
      const key = newProgressKey();
      let polling = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = () => {
        polling = false;
        clearTimeout(timer);
      };
      stopPolling.current = stop;
      const schedule = () => {
        timer = setTimeout(() => {
          fetchInvitationProgress(key)
            .then(
              (report) => polling && setProgress({ total: count, report }),
              // A failed poll is ignored (not there yet, another instance, a hiccup): the create's answer counts.
              () => undefined,
            )
            .finally(() => polling && schedule());
        }, PROGRESS_POLL_MS);
      };
      setProgress({ total: count, report: null });
      schedule();
      try {
        return await create(key);
      } finally {
        stop();
        if (mounted.current) setProgress(null);
      }
    },
    [],
  );

  return { progress, track };
}
