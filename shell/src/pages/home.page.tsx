import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { highestAuthority, useSessionStore } from 'shared-auth';
import { Breadcrumb, Loader, Tabs } from 'shared-ui';
import { UnknownPath } from '../remotes/remote-routes.component';
import { useRemotesStore } from '../remotes/remotes.store';
import { SlotEntryView } from '../remotes/slot.component';
import { UndescribedRemotes, useSomeRemoteUndescribed } from '../remotes/undescribed-remotes.component';
import { useSlot } from '../remotes/use-slot';
import InviteOnlyPage from './invite-only.page';
import { RedeemLinks } from './redeem-links.component';

/**
 * home/{tab?}: the tabs contributed to `home.tabs` that the session may see, the first one by default. A
 * visible `home.landing` entry (the inviter home) takes its place.
 */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { tab } = useParams();
  const user = useSessionStore((state) => state.user);
  const entries = useSlot('home.tabs');
  const [landing] = useSlot('home.landing');
  const discovered = useRemotesStore((state) => state.discovered);
  const someUndescribed = useSomeRemoteUndescribed();
  const active = tab ? entries.find((entry) => entry.id === tab) : entries[0];
  const activeLabel = active?.label ?? '';

  useEffect(() => {
    const home = { path: '/home', value: t('home.breadcrumb') };
    useSessionStore.getState().setBreadcrumbPath(activeLabel ? [home, { value: activeLabel }] : [home]);
  }, [activeLabel, t]);

  if (!user || !discovered) return <Loader />;
  if (landing?.href) return <Navigate to={landing.href} replace />;
  if (highestAuthority(user) === 'No member') return <InviteOnlyPage />;
  // No tab at all while a remote cannot be described: which part is missing, with Retry.
  if (!active && !tab && someUndescribed) {
    return (
      <div className="shell-page home">
        <Breadcrumb />
        <UndescribedRemotes />
      </div>
    );
  }
  // No such tab: not found, unless a remote that could not be read may own it.
  if (!active) return <UnknownPath />;

  return (
    <div className="shell-page home">
      <Breadcrumb />
      {/* The tab bar says where the user is; the heading is for assistive technology. */}
      <h1 className="sds--visually-hidden">{activeLabel}</h1>
      <RedeemLinks />
      {/* A remote that cannot be described would have had tabs here: say so, never just fewer tabs. */}
      <UndescribedRemotes />
      <Tabs
        label={t('home.tabsLabel')}
        activeTab={active.id}
        onChange={(id) => navigate(`/home/${id}`)}
        tabs={entries.map((entry) => ({
          id: entry.id,
          label: entry.label,
        }))}
      >
        <SlotEntryView entry={active} />
      </Tabs>
    </div>
  );
}
