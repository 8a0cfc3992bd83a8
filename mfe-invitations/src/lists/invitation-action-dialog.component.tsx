import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, setFlash, type ListedInvitation } from 'shared-auth';
import { ConfirmationDialog } from 'shared-ui';
import { deleteInvitation, resendInvitation } from '../invitations.resource';
import type { InvitationAction } from './invitation-columns';

export interface InvitationActionDialogProps {
  action: InvitationAction;
  invitations: ListedInvitation[];
  /** `changed` is true when at least one invitation was resent or revoked (the list then reloads). */
  onClose: (changed: boolean) => void;
}

/** Resending or revoking one invitation or a selection asks first, then flashes the outcome (spec §4). */
export function InvitationActionDialog({ action, invitations, onClose }: InvitationActionDialogProps) {
  const { t } = useTranslation('invitations');
  const [busy, setBusy] = useState(false);
  const count = invitations.length;
  const subject = count === 1 ? invitations[0].email : String(count);

  const confirm = async () => {
    setBusy(true);
    let done = 0;
    let refused = false;
    let failed = false;
    // One at a time: each is checked, mailed and audited on its own by the server.
    for (const invitation of invitations) {
      try {
        await (action === 'resend' ? resendInvitation(invitation.id) : deleteInvitation(invitation.id));
        done += 1;
      } catch (error) {
        if (isApiError(error) && error.status === 403) refused = true;
        else failed = true;
      }
    }
    if (refused) setFlash(t('list.missingRoles'), 'error');
    else if (failed) setFlash(t(action === 'resend' ? 'list.resendFailed' : 'list.revokeFailed'), 'error');
    else setFlash(t(action === 'resend' ? 'list.resent' : 'list.revoked', { count: done }), 'success');
    onClose(done > 0);
  };

  return (
    <ConfirmationDialog
      open
      title={t(action === 'resend' ? 'list.resendTitle' : 'list.revokeTitle', { count })}
      question={t(action === 'resend' ? 'list.confirmResend' : 'list.confirmRevoke', { count, subject })}
      confirmLabel={t(action === 'resend' ? 'list.resend' : 'list.revoke')}
      cancelLabel={t('form.cancel')}
      isWarning={action === 'revoke'}
      confirmDisabled={busy}
      confirm={() => void confirm()}
      cancel={() => onClose(false)}
    />
  );
}
