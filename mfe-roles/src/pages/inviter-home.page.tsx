import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CARD_DESCRIPTION_CUTOFF, useSessionStore, type Role } from 'shared-auth';
import { Breadcrumb, ExpandableDescription, Loader, NewEntityButton } from 'shared-ui';
import { applicationLabel, firstKnownApplication, Logo } from '../role/role.display';
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
  const { t, i18n } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  const cards = useMemo(() => inviterCards(user?.userRoles ?? []), [user]);
  useEffect(() => {
    useSessionStore.getState().setBreadcrumbPath([{ value: t('inviterTitle') }]);
  }, [t]);
  if (!user) return <Loader />;
  return (
    <div className="sds--page-container roles-inviter-home">
      <Breadcrumb />
      <section className="roles-inviter-welcome">
        <h1 className="sds--text--h2">{t('inviterWelcome', { name: user.name ?? '' })}</h1>
        <p>{t('inviterIntro')}</p>
        <NewEntityButton action={{ label: t('sendInvite'), path: '/invitation/new' }} />
      </section>
      <section aria-labelledby="roles-inviter-cards">
        <h2 id="roles-inviter-cards" className="sds--text--h3 roles-inviter-cards-title">
          {t('inviterCardsTitle')}
        </h2>
        {cards.length === 0 ? (
          <p className="ui-no-entities">{t('ui:noEntities.roles')}</p>
        ) : (
          <ul className="roles-cards">
            {cards.map((role) => {
              const application = firstKnownApplication(role);
              return (
                <li key={role.id} className="roles-card">
                  <Logo src={role.logo ?? application?.logo} name={role.name} />
                  <div className="roles-card-text">
                    {application && (
                      <p className="sds--text--body--small">{applicationLabel(application, i18n.language)}</p>
                    )}
                    <h3 className="sds--text--h4">{role.name}</h3>
                    <ExpandableDescription text={role.description} limit={CARD_DESCRIPTION_CUTOFF} />
                  </div>
                  <Link
                    className="sds--btn sds--btn--primary"
                    to={`/roles/${role.id}`}
                    aria-label={t('roleDetailsOf', { name: role.name })}
                  >
                    {t('details')}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
