import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash } from 'shared-auth';
import { ConfirmationDialog } from 'shared-ui';
import { removeApplicationManager, type ApplicationManager } from './application-managers.resource';

/** How an application manager is named in the list, the dialog and the flash. */
export function managerName(manager: Pick<ApplicationManager, 'id' | 'name' | 'email'>): string {
  return manager.name ?? manager.email ?? String(manager.id);
}

export interface RemoveApplicationManagerDialogProps {
  manager: ApplicationManager;
  /** The names of the applications the viewer sees, as the list shows them. */
  applications: string;
  /** Called when the dialog is done; `changed` when the list should be read again. */
  onClose: (changed: boolean) => void;
}

/**
 * Removing an application manager asks first; afterwards the flash says whether applications of other
 * organisations (not the remover's to take) remain theirs.
 */
export function RemoveApplicationManagerDialog({
  manager,
  applications,
  onClose,
}: RemoveApplicationManagerDialogProps) {
  const { t } = useTranslation('system');
  const [busy, setBusy] = useState(false);
  const name = managerName(manager);

  const confirm = async () => {
    setBusy(true);
    try {
      const after = await removeApplicationManager(manager.id);
      setFlash(
        t(
          after.remainingApplications.length > 0
            ? 'applicationManagers.removedOthersRemain'
            : 'applicationManagers.removed',
          { name },
        ),
        'success',
      );
    } catch {
      setFlash(t('applicationManagers.removeFailed', { name }), 'error');
    }
    // Read the list again either way: a refusal (the right was gone already) means it was out of date.
    onClose(true);
  };

  return (
    <ConfirmationDialog
      open
      title={t('applicationManagers.removeTitle')}
      question={t('applicationManagers.removeQuestion', { name, applications })}
      confirmLabel={t('applicationManagers.remove')}
      isWarning
      confirmDisabled={busy}
      confirm={() => void confirm()}
      cancel={() => onClose(false)}
    />
  );
}
