import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CARD_DESCRIPTION_CUTOFF, useSessionStore, type Role } from 'shared-auth';
import { ExpandableDescription, Loader, NewEntityButton, PageFrame } from 'shared-ui';
import { Logo } from '../role/role.display';
import '../roles.css';

/** The user's non-guest roles as cards, sorted by name (spec §2 Inviter home). */
export function inviterCards(roles: Array<{ role: Role; authority: string }>): Role[] {
  const seen = new Set<number>();
  return roles
    .filter(({ role, authority }) => authority !== 'GUEST' && role && !seen.has(role.id) && seen.add(role.id))
    .map(({ role }) => role)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** inviter: the home of a user whose highest authority is inviter. */
export default function InviterHomePage() {
  const { t } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  const cards = useMemo(() => inviterCards(user?.userRoles ?? []), [user]);
  if (!user) return <Loader />;
  return (
    <PageFrame
      title={t('inviterWelcome', { name: user.name ?? '' })}
      breadcrumb={[{ value: t('inviterTitle') }]}
      actions={<NewEntityButton action={{ label: t('sendInvite'), path: '/invitation/new' }} />}
    >
      {cards.length === 0 ? (
        <p className="ui-no-entities">{t('ui:noEntities.roles')}</p>
      ) : (
        <ul className="roles-cards">
          {cards.map((role) => (
            <li key={role.id} className="roles-card">
              <Logo src={role.logo} name={role.name} size="small" />
              <h2 className="sds--text--h4">{role.name}</h2>
              <ExpandableDescription text={role.description} limit={CARD_DESCRIPTION_CUTOFF} />
              <Link to={`/roles/${role.id}`} aria-label={t('roleDetailsOf', { name: role.name })}>
                {t('details')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
