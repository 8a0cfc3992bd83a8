import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { highestAuthority, useSessionStore } from 'shared-auth';
import { Breadcrumb, Loader, Tabs } from 'shared-ui';
import { useRemotesStore } from '../remotes/remotes.store';
import { SlotEntryView } from '../remotes/slot.component';
import { useSlot } from '../remotes/use-slot';
import InviteOnlyPage from './invite-only.page';

export const DEFAULT_HOME_TAB = 'roles';

/** home/{tab?}: the tabs contributed to `home.tabs` that the session may see; roles by default. */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { tab = DEFAULT_HOME_TAB } = useParams();
  const user = useSessionStore((state) => state.user);
  const entries = useSlot('home.tabs');
  const settled = useRemotesStore((state) =>
    Object.values(state.remotes).every((remote) => remote.status !== 'loading'),
  );
  const active = entries.find((entry) => entry.id === tab);
  const activeLabel = active ? t(active.labelKey, { ns: active.labelNamespace }) : '';

  useEffect(() => {
    const home = { path: '/home', value: t('home.breadcrumb') };
    useSessionStore.getState().setBreadcrumbPath(activeLabel ? [home, { value: activeLabel }] : [home]);
  }, [activeLabel, t]);

  if (!user) return <Loader />;
  const highest = highestAuthority(user);
  if (highest === 'INVITER') return <Navigate to="/inviter" replace />;
  if (highest === 'No member') return <InviteOnlyPage />;
  if (!active) return settled ? <Navigate to="/404" replace /> : <Loader />;

  return (
    <div className="shell-page home">
      <Breadcrumb />
      {/* The tab bar says where the user is; the heading is for assistive technology. */}
      <h1 className="sds--visually-hidden">{activeLabel}</h1>
      <Tabs
        label={t('home.tabsLabel')}
        activeTab={active.id}
        onChange={(id) => navigate(`/home/${id}`)}
        tabs={entries.map((entry) => ({
          id: entry.id,
          label: t(entry.labelKey, { ns: entry.labelNamespace }),
        }))}
      >
        <SlotEntryView entry={active} />
      </Tabs>
    </div>
  );
}
