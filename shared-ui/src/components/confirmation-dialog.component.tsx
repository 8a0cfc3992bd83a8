import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  useBodyMarker(open);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open]);

  if (!open) return null;

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

  return createPortal(
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
  );
}
