import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { highestAuthority, useSessionStore } from 'shared-auth';
import { Loader, PageFrame, useLoad } from 'shared-ui';
import { InvitationForm } from '../form/invitation-form.component';
import {
  authorityChoices,
  defaultIntendedAuthority,
  invitableRoles,
  mayOpenInvitationForm,
} from '../form/invitation-form.rules';
import '../invitations.css';
import { fetchRoles } from '../invitations.resource';

/** The role the form starts with: navigation state `{ roleId }` (role detail's New invitation) or ?roleId=. */
function initialRoleId(state: unknown, param: string | null): number | null {
  const fromState =
    state && typeof state === 'object' && 'roleId' in state
      ? Number((state as { roleId: unknown }).roleId)
      : NaN;
  const id = Number.isFinite(fromState) ? fromState : Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** invitation/{id}: the invitation form; `new` (with ?maintainer=true for a maintainer) creates one. */
export default function InvitationFormPage() {
  const { t } = useTranslation('invitations');
  const { id = 'new' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const user = useSessionStore((state) => state.user);
  const roles = useLoad(() => (user ? fetchRoles(user) : Promise.resolve([])), [user?.id]);

  // Invitations are never edited: only `new` has a form (spec §2).
  if (id !== 'new' || !mayOpenInvitationForm(user)) return <Navigate to="/404" replace />;

  const maintainer = searchParams.get('maintainer');
  const title = maintainer === 'true' ? t('invitationMaintainerTitle') : t('invitationNewTitle');
  const inviter = highestAuthority(user) === 'INVITER';
  const breadcrumb = inviter
    ? [{ path: '/inviter', value: t('inviterHome') }, { value: title }]
    : [{ path: '/home', value: t('home') }, { path: '/home/roles', value: t('roles') }, { value: title }];

  let body;
  if (roles.loading) body = <Loader />;
  else if (roles.error || !roles.data) {
    body = (
      <div role="alert" className="inv-load-failure">
        <p>{t('form.rolesFailed')}</p>
        <button type="button" className="sds--btn sds--btn--secondary" onClick={roles.reload}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    const offered = invitableRoles(user, roles.data);
    const roleId = initialRoleId(location.state, searchParams.get('roleId'));
    const startRoles = offered.filter((role) => role.id === roleId);
    const choices = authorityChoices(user, startRoles);
    const wanted = defaultIntendedAuthority(maintainer);
    const start = choices.includes(wanted) || choices.length === 0 ? wanted : choices[choices.length - 1];
    body = (
      <InvitationForm roles={offered} initialRoleId={startRoles[0]?.id ?? null} initialAuthority={start} />
    );
  }

  return (
    <PageFrame title={title} breadcrumb={breadcrumb}>
      {body}
    </PageFrame>
  );
}
