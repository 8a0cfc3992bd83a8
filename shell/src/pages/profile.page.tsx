import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-auth';
import { Breadcrumb, Loader, MyApplications } from 'shared-ui';
import { ProfileDetails } from './profile-details.component';

/** profile: the logged-in user's own details and roles. */
export default function ProfilePage() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);

  useEffect(() => {
    useSessionStore
      .getState()
      .setBreadcrumbPath([{ path: '/home', value: t('home.breadcrumb') }, { value: t('profile.title') }]);
  }, [t]);

  if (!user) return <Loader />;
  return (
    <div className="shell-page profile">
      <Breadcrumb />
      <h1>{user.name ?? t('profile.title')}</h1>
      {/* The user's own part: the applications its guest memberships open (nothing when it holds none). */}
      <MyApplications user={user} />
      <ProfileDetails user={user} />
    </div>
  );
}
