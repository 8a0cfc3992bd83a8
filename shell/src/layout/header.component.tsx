import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IMPERSONATION_WINK_MS, startLogin, useSessionStore } from 'shared-auth';
import logo from '../assets/logo.svg';
import { UserMenu } from '../logged-in';
import { useSlot } from '../remotes/use-slot';
import { LanguageSwitcher } from './language-switcher.component';

/** The logo winks (spec §9: 850 ms) when impersonation starts or stops. */
function useWinkOnImpersonation(): boolean {
  const impersonating = useSessionStore(
    (state) => state.impersonator !== null && state.impersonator !== undefined,
  );
  const previous = useRef(impersonating);
  const [winking, setWinking] = useState(false);
  useEffect(() => {
    if (previous.current === impersonating) return undefined;
    previous.current = impersonating;
    setWinking(true);
    const timer = setTimeout(() => setWinking(false), IMPERSONATION_WINK_MS);
    return () => clearTimeout(timer);
  }, [impersonating]);
  return winking;
}

/**
 * The header's links: switch app (the federation's app switcher), welcome, the links remotes contribute
 * to `header.links` (invite) and help. The outside addresses come from the server's config; a link
 * without one is left out.
 */
function HeaderLinks() {
  const { t } = useTranslation('shell');
  const config = useSessionStore((state) => state.config);
  const contributed = useSlot('header.links').filter((entry) => entry.href);
  const { switchAppUrl, welcomeUrl, helpUrl } = config;
  if (contributed.length === 0 && !welcomeUrl && !helpUrl && !switchAppUrl) return null;
  return (
    <nav aria-label={t('header.links')} className="shell-header-links">
      {switchAppUrl && <a href={switchAppUrl}>{t('header.switchApp')}</a>}
      {welcomeUrl && <a href={welcomeUrl}>{t('header.welcome')}</a>}
      {contributed.map((entry) => (
        <Link key={`${entry.remoteId}:${entry.id}`} to={entry.href ?? '/'}>
          {entry.label}
        </Link>
      ))}
      {helpUrl && (
        <a href={helpUrl} target="_blank" rel="noopener noreferrer">
          {t('header.help')}
        </a>
      )}
    </nav>
  );
}

/**
 * The configured environment as a band above the header on anything but production, so that no one takes
 * a test console for the real one. The name is the server's `ENVIRONMENT` (config `environment`).
 */
function EnvironmentBand() {
  const { t } = useTranslation('shell');
  const environment = useSessionStore((state) => state.config.environment);
  if (!environment || environment.trim().toLowerCase() === 'production') return null;
  return (
    // A landmark of its own (it sits above the banner): no content of the page outside every landmark.
    <section
      className="shell-environment-band"
      aria-label={t('header.environmentLabel')}
      data-environment={environment}
    >
      <div role="note">{t('header.environment', { environment })}</div>
    </section>
  );
}

/** Logo, the header links, the user menu (or log in), and the language switcher. */
export function Header() {
  const { t } = useTranslation('shell');
  const authenticated = useSessionStore((state) => state.authenticated);
  const winking = useWinkOnImpersonation();
  return (
    <>
      <EnvironmentBand />
      <header className="shell-header">
        <Link to="/" className="shell-brand">
          <img
            src={logo}
            alt=""
            className={winking ? 'shell-logo wink' : 'shell-logo'}
            data-winking={winking}
          />
          <span className="shell-title">{t('appName')}</span>
        </Link>
        <div className="shell-header-actions">
          {authenticated && <HeaderLinks />}
          {authenticated ? (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          ) : (
            <button type="button" className="sds--btn sds--btn--ghost--light" onClick={() => startLogin()}>
              {t('header.login')}
            </button>
          )}
          <LanguageSwitcher />
        </div>
      </header>
    </>
  );
}
