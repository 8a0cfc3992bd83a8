import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { TextButton } from './text-button.component';

export interface ConfirmationDialogProps {
  open: boolean;
  /** Default "Confirm". */
  title?: string;
  question?: ReactNode;
  children?: ReactNode;
  confirm: () => void;
  /** Without it the dialog has only the confirm button (and Esc confirms, i.e. closes). */
  cancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button destroys something: announced as an alert dialog. */
  isWarning?: boolean;
  /** The title is an error header. */
  isError?: boolean;
  confirmDisabled?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let openDialogs = 0;

/** Keeps `modal-open` on <body> while at least one dialog is open (spec §4). */
function useBodyMarker(open: boolean) {
  useEffect(() => {
    if (!open) return undefined;
    openDialogs += 1;
    document.body.classList.add('modal-open');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('modal-open');
    };
  }, [open]);
}

/** True when `hidden` marks an ancestor of the anchor. */
function insideHidden(anchor: HTMLElement | null): boolean {
  return Boolean(anchor?.parentElement?.closest('[hidden]'));
}

/**
 * Whether the part of the page that opens the dialog is shown: the dialog is drawn over the page, in
 * <body>, so while its page is still hidden (the shell renders a page hidden behind its loader for a
 * moment after startup) it waits, rather than standing over the loader with nothing behind it.
 */
function usePlaceShown(open: boolean, anchor: RefObject<HTMLSpanElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const check = () => setShown(!insideHidden(anchor.current));
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { attributes: true, attributeFilter: ['hidden'], subtree: true });
    return () => observer.disconnect();
  }, [open, anchor]);
  return open && shown;
}

/**
 * An accessible modal dialog on SDS's modal look (SDS's own Modal has no dialog role, no Esc and no
 * focus trap): labelled by its title, Esc cancels, Tab stays inside, focus returns where it was.
 */
export function ConfirmationDialog(props: ConfirmationDialogProps) {
  const { open, title, question, children, confirm, cancel, confirmLabel, cancelLabel, isWarning, isError } =
    props;
  const { t } = useTranslation('ui');
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const shown = usePlaceShown(open, anchorRef);
  useBodyMarker(shown);

  // Before the browser paints: the dialog never shows while focus is still behind it.
  useLayoutEffect(() => {
    if (!shown) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [shown]);

  if (!open) return null;
  // Where the dialog was opened: tells whether that part of the page is shown yet.
  const anchor = <span ref={anchorRef} hidden data-dialog-anchor="" />;
  if (!shown) return anchor;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      (cancel ?? confirm)();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (
      event.shiftKey &&
      (document.activeElement === first || document.activeElement === dialogRef.current)
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      {anchor}
      {createPortal(
        <div className="sds--modal sds--backdrop ui-modal">
          <div
            ref={dialogRef}
            role={isError || isWarning ? 'alertdialog' : 'dialog'}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={question ? bodyId : undefined}
            tabIndex={-1}
            className="sds--modal--container"
            onKeyDown={onKeyDown}
          >
            <div className={`sds--modal--title${isError ? ' error' : ''}`}>
              <h2 id={titleId} className="sds--text--h4">
                {title ?? t('forms.confirm')}
              </h2>
            </div>
            <div className="sds--modal--content">
              <div className="sds--text--rich">
                {question && <div id={bodyId}>{question}</div>}
                {children}
              </div>
              <div className="sds--modal--actions sds--actions--outer sds--space--top--5">
                {cancel && (
                  <TextButton secondary label={cancelLabel ?? t('forms.cancel')} onClick={() => cancel()} />
                )}
                <TextButton
                  label={confirmLabel ?? (cancel ? t('forms.confirm') : t('forms.ok'))}
                  disabled={props.confirmDisabled ?? false}
                  onClick={() => confirm()}
                />
              </div>
            </div>
          </div>
        </div>,
        document.body,
      )}
    </>
  );
}
