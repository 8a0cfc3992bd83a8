// Loading one answer for a component: the one way the remotes and the shell's pages load their data (a
// resource function makes the call; useLoad keeps its latest answer, its error and its loading state).
// What polls while work runs (the seed tab's progress) keeps a timer of its own.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface LoadState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` when a key changes and keeps the latest answer; `reload()` runs it again. An answer to an
 * older call (the keys changed, or a reload started) never overwrites a newer one.
 */
export function useLoad<T>(load: () => Promise<T>, keys: readonly unknown[]): LoadState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<LoadState<T>, 'reload'>>({
    data: null,
    error: null,
    loading: true,
  });
  // A ref, so that an inline load function does not run on every render.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    loadRef.current().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error, loading: false }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...keys]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
