import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import { mayOpenSystem, useSessionStore } from 'shared-auth';
import { PageFrame } from 'shared-ui';
import { DEFAULT_SYSTEM_TAB, systemTabs } from '../system-tabs';

/** system/{tab?}: the super users' system area; everyone else gets the not-found page. */
export default function SystemPage() {
  const { t } = useTranslation('system');
  const { tab = DEFAULT_SYSTEM_TAB } = useParams();
  const allowed = useSessionStore((state) => mayOpenSystem(state.user));
  const config = useSessionStore((state) => state.config);
  const tabs = systemTabs(config);
  const active = tabs.find((candidate) => candidate.id === tab);
  if (!allowed || !active) return <Navigate to="/404" replace />;

  const tabLabel = t(active.labelKey);
  return (
    <PageFrame
      title={t('systemTitle')}
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/system', value: t('systemTitle') },
        { value: tabLabel },
      ]}
    >
      <nav aria-label={t('systemTitle')}>
        <ul className="system-tabs">
          {tabs.map((candidate) => (
            <li key={candidate.id}>
              <NavLink
                to={`/system/${candidate.id}`}
                aria-current={candidate.id === active.id ? 'page' : undefined}
              >
                {t(candidate.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t(active.infoKey)}</p>
    </PageFrame>
  );
}
