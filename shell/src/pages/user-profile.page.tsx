import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { mayDeleteUser, setFlash, useSessionStore } from 'shared-auth';
import { Breadcrumb, ConfirmationDialog, Loader } from 'shared-ui';
import { useSlot } from '../remotes/use-slot';
import { deleteUser, useOtherUser } from '../users.resource';
import { ProfileDetails } from './profile-details.component';

/**
 * profile/{id}: another user's profile; super users may delete that user (never themselves). The list of
 * users it comes from is a remote's (`user-list.links`): the breadcrumb leads there, and so does a delete.
 */
export default function UserProfilePage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const me = useSessionStore((state) => state.user);
  const { data: user, error, loading } = useOtherUser(id);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const name = user?.name ?? user?.email ?? '';
  const [userList] = useSlot('user-list.links');

  useEffect(() => {
    if (!user) return;
    useSessionStore
      .getState()
      .setBreadcrumbPath([
        { path: '/home', value: t('home.breadcrumb') },
        ...(userList?.href ? [{ path: userList.href, value: userList.label }] : []),
        { value: name },
      ]);
  }, [user, name, t, userList?.href, userList?.label]);

  if (loading) return <Loader />;
  if (error || !user) return <Navigate to="/404" replace />;

  const mayDelete = mayDeleteUser(me, user);
  const confirmDelete = async () => {
    setConfirming(false);
    try {
      await deleteUser(user.id);
      setFlash(t('profile.deleted', { name }), 'success');
      navigate(userList?.href ?? '/home');
    } catch {
      setFlash(t('profile.deleteFailed', { name }), 'error');
    }
  };

  return (
    <div className="shell-page profile">
      <Breadcrumb />
      <div className="profile-header">
        <h1>{name}</h1>
        {(me?.superUser || mayDelete) && (
          <div className="profile-actions" role="group" aria-label={t('profile.actions')}>
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
              <button
                ref={deleteButton}
                type="button"
                className="sds--btn profile-delete-button"
                onClick={() => setConfirming(true)}
              >
                {t('profile.delete')}
              </button>
            )}
          </div>
        )}
      </div>
      <ProfileDetails user={user} />
      <ConfirmationDialog
        open={confirming}
        title={t('profile.deleteTitle')}
        question={t('profile.confirmDelete', { name })}
        confirmLabel={t('profile.deleteConfirm')}
        isWarning
        confirm={() => void confirmDelete()}
        cancel={() => {
          setConfirming(false);
          deleteButton.current?.focus();
        }}
      />
    </div>
  );
}
