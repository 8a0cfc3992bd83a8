import { createElement, useEffect, useState, type ComponentProps, type ComponentType } from 'react';
// The shared copy of the loader (every shell since shared-ui/core was shared has it), not a second one here.
import { Loader } from 'shared-ui/core';

// As in React.lazy's own signature: any component, its props kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * A component whose code loads when it first renders: `loadable(() => import('./x.page'))`, a drop-in for
 * `React.lazy`, shown by the loader meanwhile — but without suspending. React reveals a suspended part no
 * sooner than 300 ms after the last loading placeholder it showed (its Suspense "fallback throttle"), so a
 * lazy page or tab appeared, and only then fetched its data, up to 300 ms after its code had arrived; the
 * home page's first tab fetched its list after the loader hold instead of during it. Here the code's
 * arrival is an ordinary state update, rendered at once.
 *
 * Imported by its own path (`shared-ui/loadable`), not from the shared `shared-ui`: each bundle carries
 * this small copy, so a remote using it runs under a shell built before it existed. A failed load throws
 * while rendering (the remote's error boundary shows its Retry, which mounts the part anew and loads again).
 */
export function loadable<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = (): Promise<T> => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // Not cached: the next attempt loads again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function Loadable(props: ComponentProps<T>) {
    const [failure, setFailure] = useState<{ error: unknown }>();
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (loaded) return undefined;
      let mounted = true;
      start().then(
        () => mounted && setArrived(true),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, []);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : <Loader />;
  }
  return Loadable;
}
