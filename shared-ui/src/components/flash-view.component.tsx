import { Alert, AlertType, Toaster, ToasterContainer, ToasterType } from '@surfnet/sds';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flash } from 'shared-auth';

/**
 * The design system writes "Close alert" into its close button and takes no text for it: the button
 * gets our translated name instead (issue 44: it was English on Dutch pages). The span is a constant child
 * of its component, so React leaves the text we put there alone.
 */
function useCloseLabel(label: string) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const button = box.current?.querySelector<HTMLButtonElement>('button.sds--alert--actions');
    if (!button) return;
    button.type = 'button';
    const hidden = button.querySelector('.sds--visually-hidden');
    if (hidden) hidden.textContent = label;
  });
  return box;
}

/**
 * One flash in the design system's alert banner (error, warning, with its optional action) or success
 * toast. Loaded on demand by FlashMessages: these render their message as sanitised HTML, and DOMPurify
 * is not worth its weight on a first page that shows no flash. Screen readers hear the message through
 * FlashMessages' live region, so neither is a live region itself.
 */
export default function FlashView({ flash, close }: { flash: Flash; close: () => void }) {
  const { t } = useTranslation('ui');
  const box = useCloseLabel(t('flash.close'));
  if (flash.type === 'error' || flash.type === 'warning') {
    return (
      <div ref={box} className="ui-flash ui-flash-banner">
        <Alert
          message={flash.msg}
          alertType={flash.type === 'error' ? AlertType.Error : AlertType.Warning}
          action={flash.action}
          actionLabel={flash.actionLabel}
          close={close}
        />
      </div>
    );
  }
  return (
    <div ref={box} className="ui-flash ui-flash-toast">
      <ToasterContainer>
        <Toaster message={flash.msg} toasterType={ToasterType.Success} close={close} />
      </ToasterContainer>
    </div>
  );
}
