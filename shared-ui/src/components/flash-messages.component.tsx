import { Alert, AlertType, Toaster, ToasterContainer, ToasterType } from '@surfnet/sds';
import { clearFlash, useFlashStore } from 'shared-auth';

/**
 * The flash of shared-auth's store (spec §4 Flash): an error or warning is an alert banner with its
 * optional action; any other type is a success toast. Info flashes clear themselves in the store.
 */
export function FlashMessages() {
  const flash = useFlashStore((state) => state.flash);
  if (!flash || !flash.msg) return null;
  const close = () => clearFlash();
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
