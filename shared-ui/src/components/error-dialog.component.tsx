import { useTranslation } from 'react-i18next';
import { useErrorDialogStore } from 'shared-auth';
import { ConfirmationDialog } from './confirmation-dialog.component';

export interface ErrorDialogProps {
  /** Shown as the support contact when given. */
  supportEmail?: string;
}

/** The failure dialog of spec §8, shown whenever shared-auth's error dialog store says so. */
export function ErrorDialog({ supportEmail }: ErrorDialogProps) {
  const { t } = useTranslation('ui');
  const open = useErrorDialogStore((state) => state.open);
  const reference = useErrorDialogStore((state) => state.reference);
  const close = useErrorDialogStore((state) => state.close);
  return (
    <ConfirmationDialog
      open={open}
      title={t('errorDialog.title')}
      isError
      confirm={close}
      confirmLabel={t('forms.ok')}
    >
      <p>{t('errorDialog.text')}</p>
      <p>
        {supportEmail ? (
          <>
            {t('errorDialog.supportContact')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </>
        ) : (
          t('errorDialog.support')
        )}
      </p>
      {reference !== null && reference !== undefined && reference !== '' && (
        <p>{t('errorDialog.reference', { reference })}</p>
      )}
    </ConfirmationDialog>
  );
}
