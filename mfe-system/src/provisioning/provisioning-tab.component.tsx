import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Loader, Pagination, SelectField, type SlotProps, useLoad } from 'shared-ui';
import { LoadFailure } from '../system/load-failure.component';
import { ProvisioningDeliveries } from './provisioning-deliveries.component';
import { ProvisioningTargets } from './provisioning-targets.component';
import { targetName } from './provisioning.display';
import { fetchProvisioning, type DeliveryQuery, type DeliveryStatus } from './provisioning.resource';

export const DELIVERIES_PAGE_SIZE = 25;
const STATUSES: readonly DeliveryStatus[] = ['waiting', 'failed'];

/**
 * system/provisioning: the SCIM targets and how they stand, then the deliveries still waiting or given up,
 * filtered by status and target and paged on the server. The filters and page live in the URL.
 */
export default function ProvisioningTab(_props: SlotProps) {
  const { t, i18n } = useTranslation('system');
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((value) => value === params.get('status'));
  const target = params.get('target') || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);

  const query = useMemo<DeliveryQuery>(
    () => ({ status, target, pageNumber: page - 1, pageSize: DELIVERIES_PAGE_SIZE }),
    [status, target, page],
  );
  const { data, error, loading, reload } = useLoad(() => fetchProvisioning(query), [JSON.stringify(query)]);

  const setParam = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(key, value);
        else updated.delete(key);
        // A new filter starts at the first page.
        if (key !== 'page') updated.delete('page');
        return updated;
      },
      { replace: key !== 'page' },
    );

  if (loading && !data) return <Loader />;
  if (error || !data) return <LoadFailure onRetry={reload} />;

  const filtered = status !== undefined || target !== undefined;
  return (
    <div className="system-provisioning" aria-busy={loading || undefined}>
      <section aria-labelledby="system-provisioning-targets">
        <div className="system-results-header">
          <h2 id="system-provisioning-targets" className="sds--text--h3">
            {t('provisioning.targetsTitle')}
          </h2>
          <div className="system-provisioning-actions">
            <Link className="sds--btn sds--btn--secondary" to="/audit-logs?kind=provisioning">
              {t('provisioning.history')}
            </Link>
            <button
              type="button"
              className="sds--btn sds--btn--secondary"
              onClick={reload}
              disabled={loading}
            >
              {t('provisioning.refresh')}
            </button>
          </div>
        </div>
        <p className="system-provisioning-info">{t('provisioning.info')}</p>
        <ProvisioningTargets targets={data.targets} onChanged={reload} />
        {data.unplanned > 0 && (
          <p className="system-provisioning-unplanned" role="status">
            {t('provisioning.unplanned', { count: data.unplanned })}
          </p>
        )}
      </section>
      <section aria-labelledby="system-provisioning-deliveries" className="system-provisioning-queue">
        <h2 id="system-provisioning-deliveries" className="sds--text--h3">
          {t('provisioning.deliveriesTitle', { count: data.totalElements })}
        </h2>
        <form
          className="system-audit-filters"
          role="search"
          aria-label={t('provisioning.filters')}
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            name="status"
            label={t('provisioning.filterStatus')}
            value={status ?? ''}
            placeholder={t('provisioning.allStatuses')}
            options={STATUSES.map((value) => ({ value, label: t(`provisioning.status.${value}`) }))}
            onChange={(value) => setParam('status', value)}
          />
          <SelectField
            name="target"
            label={t('provisioning.filterTarget')}
            value={target ?? ''}
            placeholder={t('provisioning.allTargets')}
            options={data.targets.map((item) => ({ value: item.id, label: targetName(item, i18n.language) }))}
            onChange={(value) => setParam('target', value)}
          />
        </form>
        {data.content.length === 0 ? (
          <p className="ui-no-entities">
            {filtered
              ? t('provisioning.noneMatch')
              : data.unplanned > 0
                ? t('provisioning.emptyPlanning')
                : t('provisioning.empty')}
          </p>
        ) : (
          <>
            <ProvisioningDeliveries deliveries={data.content} targets={data.targets} onChanged={reload} />
            <Pagination
              total={data.totalElements}
              pageSize={DELIVERIES_PAGE_SIZE}
              currentPage={page}
              onChange={(next) => setParam('page', String(next))}
            />
          </>
        )}
      </section>
    </div>
  );
}
