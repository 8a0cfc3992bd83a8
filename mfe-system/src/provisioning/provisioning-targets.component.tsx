import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash } from 'shared-auth';
import { ConfirmationDialog } from 'shared-ui';
import { ProvisioningTable, targetName } from './provisioning.display';
import { resyncTarget, type ProvisioningTarget } from './provisioning.resource';

/** What a target takes, in words: users only, or groups with members by PATCH or by PUT. */
function sends(target: ProvisioningTarget): string {
  if (target.protocol === 'eva') return 'provisioning.sends.eva';
  if (target.protocol === 'graph') return 'provisioning.sends.graph';
  if (!target.groups) return 'provisioning.sends.usersOnly';
  return target.putMethod ? 'provisioning.sends.groupsPut' : 'provisioning.sends.groupsPatch';
}

/**
 * The registry's SCIM targets, one row each: where they are, what they take, what they hold, what waits
 * and what failed; "send everything again" queues a full resync of one target after a confirmation.
 */
export function ProvisioningTargets({
  targets,
  onChanged,
}: {
  targets: ProvisioningTarget[];
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('system');
  const [confirming, setConfirming] = useState<ProvisioningTarget | null>(null);
  const [busy, setBusy] = useState(false);

  const resync = async (target: ProvisioningTarget) => {
    const name = targetName(target, i18n.language);
    setBusy(true);
    try {
      const queued = await resyncTarget(target.id);
      setFlash(t('provisioning.resyncDone', { count: queued, name }));
    } catch {
      setFlash(t('provisioning.resyncFailed', { name }), 'error');
    } finally {
      setBusy(false);
      setConfirming(null);
      onChanged();
    }
  };

  if (targets.length === 0) return <p className="ui-no-entities">{t('provisioning.noTargets')}</p>;
  return (
    <>
      <ProvisioningTable
        className="system-provisioning-targets"
        caption={t('provisioning.targetsCaption')}
        columns={['target', 'sends', 'holds', 'waiting', 'failed']}
      >
        {targets.map((target) => (
          <tr key={target.id}>
            <th scope="row">
              <span className="system-provisioning-target">
                <span className="system-provisioning-target-name">{targetName(target, i18n.language)}</span>
                <span className="system-provisioning-url">{target.url}</span>
              </span>
            </th>
            <td>{t(sends(target))}</td>
            <td>
              {target.groups
                ? t('provisioning.holds', { users: target.users, groups: target.groupsDelivered })
                : t('provisioning.holdsUsers', { count: target.users })}
            </td>
            <td>{target.waiting}</td>
            <td className={target.failed > 0 ? 'system-provisioning-failed-count' : undefined}>
              {target.failed}
            </td>
            <td className="system-provisioning-action">
              <button
                type="button"
                className="sds--btn sds--btn--secondary sds--btn--small"
                disabled={busy}
                onClick={() => setConfirming(target)}
              >
                {t('provisioning.resync')}
              </button>
            </td>
          </tr>
        ))}
      </ProvisioningTable>
      <ConfirmationDialog
        open={confirming !== null}
        title={t('provisioning.resyncTitle')}
        question={
          confirming && t('provisioning.resyncQuestion', { name: targetName(confirming, i18n.language) })
        }
        confirmLabel={t('provisioning.resyncConfirm')}
        confirmDisabled={busy}
        confirm={() => confirming && void resync(confirming)}
        cancel={() => setConfirming(null)}
      />
    </>
  );
}
