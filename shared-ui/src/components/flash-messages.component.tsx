import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFlash, useFlashStore } from 'shared-auth';

type FlashViewComponent = (typeof import('./flash-view.component'))['default'];

/** The view once its chunk has arrived (one fetch for the page's whole life). */
let loadedView: FlashViewComponent | null = null;
let loadingView: Promise<FlashViewComponent> | null = null;

/** Its own chunk of shared-ui, fetched when the first flash shows (see flash-view.component.tsx). */
function loadFlashView(): Promise<FlashViewComponent> {
  loadingView ??= import('./flash-view.component').then((module) => {
    loadedView = module.default;
    return module.default;
  });
  return loadingView;
}

/**
 * The flash of shared-auth's store (spec §4 Flash): an error or warning is an alert banner with its
 * optional action; any other type is a success toast. Info flashes clear themselves in the store.
 *
 * Its words are announced through one polite live region that is there, empty, from the first render on:
 * a region created together with its text is not announced by every screen reader (issue 55). The
 * visible banner or toast is drawn inside it and is no live region of its own, or the message would be
 * read twice.
 *
 * The view's chunk is awaited here rather than through React.lazy: a Suspense boundary reveals what it
 * waited for at least 300 ms after its fallback appeared (React 19 throttles reveals), so the first flash
 * of a page (after a save, a delete) came ~300 ms after its chunk had arrived.
 */
export function FlashMessages() {
  const { t } = useTranslation('ui');
  const flash = useFlashStore((state) => state.flash);
  const [View, setView] = useState<FlashViewComponent | null>(() => loadedView);
  const wanted = Boolean(flash?.msg);
  useEffect(() => {
    if (!wanted || View) return undefined;
    let current = true;
    loadFlashView().then(
      (loaded) => current && setView(() => loaded),
      // A failed chunk (a deploy replaced it) is tried again with the next flash.
      () => {
        loadingView = null;
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, View]);
  return (
    // The region is there, empty, from the first render; a message's banner or toast is drawn inside it,
    // so its words exist once on the page (a hidden copy beside the visible one was found twice by
    // anything that looks for them, and is one more thing to keep equal).
    <div role="status" aria-live="polite" className="ui-flash-live">
      {flash && flash.msg && View && (
        // A landmark of its own: the banner sits between the header and the main content.
        <section className="ui-flash-area" aria-label={t('flash.label')}>
          <View flash={flash} close={() => clearFlash()} />
        </section>
      )}
    </div>
  );
}
