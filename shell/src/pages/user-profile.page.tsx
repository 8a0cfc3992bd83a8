import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { setFlash, useSessionStore } from 'shared-auth';
import { Breadcrumb, ConfirmationDialog, Loader } from 'shared-ui';
import { deleteUser, useOtherUser } from '../users.resource';
import { ProfileDetails } from './profile-details.component';

/** profile/{id}: another user's profile; super users may delete that user (never themselves). */
export default function UserProfilePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const me = useSessionStore((state) => state.user);
  const { data: user, error, loading } = useOtherUser(id);
  const [confirming, setConfirming] = useState(false);
  const name = user?.name ?? user?.email ?? '';

  useEffect(() => {
    if (!user) return;
    useSessionStore
      .getState()
      .setBreadcrumbPath([
        { path: '/home', value: t('home.breadcrumb') },
        { path: '/home/users', value: t('profile.users') },
        { value: name },
      ]);
  }, [user, name, t]);

  if (loading) return <Loader />;
  if (error || !user) return <Navigate to="/404" replace />;

  const mayDelete = Boolean(me?.superUser) && me?.id !== user.id;
  const confirmDelete = async () => {
    setConfirming(false);
    try {
      await deleteUser(user.id);
      setFlash(t('profile.deleted', { name }), 'success');
      navigate('/home/users');
    } catch {
      setFlash(t('profile.deleteFailed', { name }), 'error');
    }
  };

  return (
    <div className="shell-page profile">
      <Breadcrumb />
      <div className="profile-header">
        <h1>{name}</h1>
        {me?.superUser && (
          // The audit trail of this person (mfe-system): who gave or took which access, when.
          <Link
            className="sds--btn sds--btn--secondary"
            to={`/audit-logs/${user.id}?${new URLSearchParams({ subject: 'user', name, back: `/profile/${user.id}` }).toString()}`}
          >
            {t('profile.history')}
          </Link>
        )}
        {mayDelete && (
          <button type="button" className="sds--btn sds--btn--delete" onClick={() => setConfirming(true)}>
            {t('profile.delete')}
          </button>
        )}
      </div>
      <ProfileDetails user={user} />
      <ConfirmationDialog
        open={confirming}
        question={t('profile.confirmDelete', { name })}
        isWarning
        confirm={() => void confirmDelete()}
        cancel={() => setConfirming(false)}
      />
    </div>
  );
}
