import { useTranslation } from 'react-i18next';
import { CONSEQUENCES_SHOWN, type Role } from 'shared-auth';
import { AuthorityBadge, ConfirmationDialog } from 'shared-ui';
import type { Consequence } from '../resources/roles.resource';

interface DeleteRoleDialogProps {
  role: Role;
  consequences: Consequence[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §4: deleting a role lists who loses access: the first 5 users, then how many more. */
export function DeleteRoleDialog({ role, consequences, onConfirm, onCancel }: DeleteRoleDialogProps) {
  const { t } = useTranslation('roles');
  const shown = consequences.slice(0, CONSEQUENCES_SHOWN);
  const more = consequences.length - shown.length;
  return (
    <ConfirmationDialog
      open
      isWarning
      title={t('deleteRoleTitle')}
      confirmLabel={t('delete')}
      confirm={onConfirm}
      cancel={onCancel}
    >
      <p>{t('deleteRoleQuestion', { name: role.name })}</p>
      {consequences.length === 0 ? (
        <p>{t('deleteRoleNoConsequences')}</p>
      ) : (
        <>
          <p>{t('deleteRoleConsequences', { count: consequences.length })}</p>
          <ul>
            {shown.map((consequence) => (
              <li key={consequence.userInfo.id}>
                {consequence.userInfo.name ?? consequence.userInfo.email}{' '}
                <AuthorityBadge authority={consequence.authority} />
              </li>
            ))}
          </ul>
          {more > 0 && <p>{t('andMore', { count: more })}</p>}
        </>
      )}
    </ConfirmationDialog>
  );
}
