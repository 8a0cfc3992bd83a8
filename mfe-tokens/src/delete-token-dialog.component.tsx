import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash, type ApiToken } from 'shared-auth';
import { ConfirmationDialog } from 'shared-ui';
import { deleteToken } from './tokens.resource';

export interface DeleteTokenDialogProps {
  token: ApiToken;
  /** `deleted` is true when the token is gone (the list then reloads). */
  onClose: (deleted: boolean) => void;
}

/** Deleting a token asks for confirmation first (spec §4 Token creation). */
export function DeleteTokenDialog({ token, onClose }: DeleteTokenDialogProps) {
  const { t } = useTranslation('tokens');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteToken(token.id);
      setFlash(t('deleted', { description: token.description }), 'success');
      onClose(true);
    } catch {
      setFlash(t('deleteFailed'), 'error');
      onClose(false);
    }
  };

  return (
    <ConfirmationDialog
      open
      title={t('deleteTitle')}
      question={t('confirmDelete', { description: token.description })}
      confirmLabel={t('delete')}
      cancelLabel={t('cancel')}
      isWarning
      confirmDisabled={busy}
      confirm={() => void confirm()}
      cancel={() => onClose(false)}
    />
  );
}
