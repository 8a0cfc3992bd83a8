import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { mayOpenSystem, useSessionStore } from 'shared-auth';
import { Loader, PageFrame, Tabs, UnavailablePanel, useSlotItems } from 'shared-ui';
import '../system.css';

export const DEFAULT_SYSTEM_TAB = 'cron';

/**
 * system/{tab?}: the super users' system area. Its tabs are the `system.tabs` slot, whichever remote
 * contributes them (the invitations tab comes from the invitations remote); everyone else gets /404.
 */
export default function SystemPage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  const { tab = DEFAULT_SYSTEM_TAB } = useParams();
  const allowed = useSessionStore((state) => mayOpenSystem(state.user));
  const performanceSeedAllowed = useSessionStore((state) => state.config?.performanceSeedAllowed === true);
  // The slot's rules read what the configuration allows from its context (the seed tab).
  const context = useMemo(() => ({ performanceSeedAllowed }), [performanceSeedAllowed]);
  const { items, settled, incomplete, undescribed = [], retry } = useSlotItems('system.tabs', context);
  const active = items.find((item) => item.id === tab);

  if (!allowed) return <Navigate to="/404" replace />;
  if (!active && !settled) return <Loader />;
  // A tab of a remote that could not be loaded (e.g. invitations) is unavailable, not unknown.
  if (!active && incomplete && retry) return <UnavailablePanel onRetry={retry} />;
  if (!active) return <Navigate to="/404" replace />;

  return (
    <PageFrame
      title={t('systemTitle')}
      actions={
        <Link className="sds--btn sds--btn--secondary" to="/audit-logs">
          {t('audit.title')}
        </Link>
      }
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/system', value: t('systemTitle') },
        { value: active.label },
      ]}
    >
      {/* A remote that cannot be described may own tabs here (the invitations): say so, with Retry. */}
      {undescribed.length > 0 && retry && (
        <UnavailablePanel
          title={t('partsUnavailableTitle', { parts: undescribed.map((id) => `“${id}”`).join(', ') })}
          detail={t('partsUnavailableText')}
          onRetry={retry}
        />
      )}
      <Tabs
        label={t('systemTitle')}
        activeTab={active.id}
        onChange={(id) => navigate(`/system/${id}`)}
        tabs={items.map((item) => ({ id: item.id, label: item.label }))}
      >
        <div className="system-tab" key={active.id}>
          {active.render()}
        </div>
      </Tabs>
    </PageFrame>
  );
}
