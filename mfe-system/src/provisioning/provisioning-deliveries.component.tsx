import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError, setFlash } from 'shared-auth';
import { formatDateTime } from 'shared-ui';
import { ProvisioningTable, StatusBadge, targetName } from './provisioning.display';
import { retryDelivery, type Delivery, type ProvisioningTarget } from './provisioning.resource';

/** What a delivery sends: a role's group (linked to the role while it exists) or a person. */
function What({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('system');
  const kind = t(`provisioning.kind.${delivery.kind}`);
  const label = delivery.label ?? t('provisioning.removed');
  return (
    <span className="system-provisioning-what">
      <span className="system-provisioning-kind">{kind}</span>
      {delivery.kind === 'group' && delivery.label !== null ? (
        <Link to={`/roles/${delivery.localId}`}>{label}</Link>
      ) : (
        <span>{label}</span>
      )}
    </span>
  );
}

/** The target's last answer: its HTTP status and the reason it gave (or the network error). */
function LastAnswer({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('system');
  if (delivery.lastStatus === null && delivery.lastError === null)
    return <span className="system-provisioning-none">{t('provisioning.notTriedYet')}</span>;
  return (
    <span className="system-provisioning-answer">
      {delivery.lastStatus !== null && <strong>{delivery.lastStatus}</strong>}
      {delivery.lastError && <span className="system-provisioning-reason">{delivery.lastError}</span>}
    </span>
  );
}

/**
 * One page of waiting and failed deliveries: what, where, how it stands, when it is tried next and what the
 * target last answered; Retry sends one now and the list is read again.
 */
export function ProvisioningDeliveries({
  deliveries,
  targets,
  onChanged,
}: {
  deliveries: Delivery[];
  targets: ProvisioningTarget[];
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('system');
  const [retrying, setRetrying] = useState<number | null>(null);
  const nameOf = (id: string) => {
    const target = targets.find((candidate) => candidate.id === id);
    return target ? targetName(target, i18n.language) : id;
  };

  const retry = async (delivery: Delivery) => {
    setRetrying(delivery.id);
    try {
      await retryDelivery(delivery.id);
      setFlash(t('provisioning.retryDone', { label: delivery.label ?? t('provisioning.removed') }));
    } catch (error) {
      // Delivered (or given up) between reading the list and the click: the refreshed list shows it.
      if (isApiError(error) && error.status === 404) setFlash(t('provisioning.retryGone'), 'warning');
      else setFlash(t('provisioning.retryFailed'), 'error');
    } finally {
      setRetrying(null);
      onChanged();
    }
  };

  return (
    <ProvisioningTable
      className="system-provisioning-deliveries"
      caption={t('provisioning.deliveriesCaption')}
      columns={['what', 'target', 'status', 'attempts', 'nextAttempt', 'lastAnswer']}
    >
      {deliveries.map((delivery) => (
        <tr key={delivery.id}>
          <td>
            <What delivery={delivery} />
          </td>
          <td>{nameOf(delivery.target)}</td>
          <td>
            <StatusBadge status={delivery.status} />
          </td>
          <td>{delivery.attempts}</td>
          <td className="system-provisioning-when">
            {delivery.status === 'failed'
              ? t('provisioning.givenUp')
              : formatDateTime(delivery.nextAttemptAt)}
          </td>
          <td>
            <LastAnswer delivery={delivery} />
          </td>
          <td className="system-provisioning-action">
            <button
              type="button"
              className="sds--btn sds--btn--small sds--btn--secondary"
              disabled={retrying !== null}
              onClick={() => void retry(delivery)}
            >
              {t('provisioning.retry')}
            </button>
          </td>
        </tr>
      ))}
    </ProvisioningTable>
  );
}
