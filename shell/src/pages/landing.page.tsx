import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { startLogin } from 'shared-auth';
import landing from '../assets/landing.svg';

const STEPS = [
  { n: 1, admin: true },
  { n: 2, admin: true },
  { n: 3, admin: false },
  { n: 4, admin: false },
];

/** /login for visitors: what the portal is, how it works, and the way in. */
export default function LandingPage() {
  const { t } = useTranslation('shell');
  // A 'force' navigation state (spec §2 Landing page) makes the identity provider ask again.
  const force = Boolean((useLocation().state as { force?: boolean } | null)?.force);
  return (
    <div className="shell-page landing">
      <section className="landing-hero">
        <div>
          <h1>{t('landing.title')}</h1>
          <p>{t('landing.subTitle')}</p>
          <button
            type="button"
            className="sds--btn sds--btn--primary landing-login"
            onClick={() => startLogin({ force })}
          >
            {t('landing.login')}
          </button>
          <p className="landing-invite-only">{t('landing.inviteOnly')}</p>
        </div>
        {/* The spin (725 ms, spec §9) is pure CSS: see shell.css. */}
        <img className="landing-image" src={landing} alt={t('landing.imageAlt')} width={200} height={200} />
      </section>
      <section className="landing-how" aria-labelledby="landing-how-title">
        <h2 id="landing-how-title">{t('landing.howTitle')}</h2>
        <ol className="landing-steps">
          {STEPS.map(({ n, admin }) => (
            <li key={n} className="landing-step">
              <h3>{t(`landing.step${n}Title`)}</h3>
              {admin && <span className="admin-function">{t('landing.adminFunction')}</span>}
              <p>{t(`landing.step${n}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
