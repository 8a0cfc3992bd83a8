import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash, type InstitutionAdmin } from 'shared-auth';
import { ConfirmationDialog } from 'shared-ui';
import { removeInstitutionAdmin } from './system.resource';

/** How an admin is named in the list, the dialog and the flash. */
export function adminName(admin: InstitutionAdmin): string {
  return admin.name ?? admin.email ?? String(admin.id);
}

export interface RemoveInstitutionAdminDialogProps {
  admin: InstitutionAdmin;
  /** The organisation's name as the list shows it. */
  organisation: string;
  /** Called when the dialog is done; `changed` when the list should be read again. */
  onClose: (changed: boolean) => void;
}

/**
 * Removing the institution-admin right an invitation granted asks first; an admin whose own institution's
 * entitlements also make them admin is told they stay one.
 */
export function RemoveInstitutionAdminDialog({
  admin,
  organisation,
  onClose,
}: RemoveInstitutionAdminDialogProps) {
  const { t } = useTranslation('system');
  const [busy, setBusy] = useState(false);
  const name = adminName(admin);

  const confirm = async () => {
    setBusy(true);
    try {
      const after = await removeInstitutionAdmin(admin.id);
      setFlash(
        t(after.institutionAdmin ? 'institutionAdmins.removedStillEntitled' : 'institutionAdmins.removed', {
          name,
        }),
        'success',
      );
    } catch {
      setFlash(t('institutionAdmins.removeFailed', { name }), 'error');
    }
    // Read the list again either way: a refusal (the grant was gone already) means it was out of date.
    onClose(true);
  };

  return (
    <ConfirmationDialog
      open
      title={t('institutionAdmins.removeTitle')}
      question={t('institutionAdmins.removeQuestion', { name, organisation })}
      confirmLabel={t('institutionAdmins.remove')}
      isWarning
      confirmDisabled={busy}
      confirm={() => void confirm()}
      cancel={() => onClose(false)}
    >
      {admin.viaEntitlement && <p>{t('institutionAdmins.removeStaysEntitled', { name })}</p>}
    </ConfirmationDialog>
  );
}
