import { Alert, AlertType, Toaster, ToasterContainer, ToasterType } from '@surfnet/sds';
import type { Flash } from 'shared-auth';

/**
 * One flash in the design system's alert banner (error, warning, with its optional action) or success
 * toast. Loaded on demand by FlashMessages: these render their message as sanitised HTML, and DOMPurify
 * is not worth its weight on a first page that shows no flash.
 */
export default function FlashView({ flash, close }: { flash: Flash; close: () => void }) {
  if (flash.type === 'error' || flash.type === 'warning') {
    return (
      <div role="alert" className="ui-flash ui-flash-banner">
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
    <div role="status" aria-live="polite" className="ui-flash ui-flash-toast">
      <ToasterContainer>
        <Toaster message={flash.msg} toasterType={ToasterType.Success} close={close} />
      </ToasterContainer>
    </div>
  );
}
