import { lazy, Suspense } from 'react';
import { clearFlash, useFlashStore } from 'shared-auth';

// Its own chunk of shared-ui, fetched when the first flash shows (see flash-view.component.tsx).
const FlashView = lazy(() => import('./flash-view.component'));

/**
 * The flash of shared-auth's store (spec §4 Flash): an error or warning is an alert banner with its
 * optional action; any other type is a success toast. Info flashes clear themselves in the store.
 */
export function FlashMessages() {
  const flash = useFlashStore((state) => state.flash);
  if (!flash || !flash.msg) return null;
  return (
    <Suspense fallback={null}>
      <FlashView flash={flash} close={() => clearFlash()} />
    </Suspense>
  );
}
