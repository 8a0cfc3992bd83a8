import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-auth';
import { switchLanguage, type Language } from '../i18n/language';

const LANGUAGE_CHOICES: Language[] = ['en', 'nl'];

/**
 * The small header of a remote running on its own: its name, the user's name, log out (the shell's own
 * logout call, through `onLogout`) and the language switch.
 */
export function StandaloneHeader({ title, onLogout }: { title: string; onLogout: () => void }) {
  const { t, i18n } = useTranslation('ui');
  const user = useSessionStore((state) => state.user);
  return (
    <header className="ui-standalone-header">
      <strong>{title}</strong>
      {user?.name && <span className="ui-standalone-user">{user.name}</span>}
      {user && (
        <button type="button" className="sds--btn sds--btn--ghost--dark sds--btn--small" onClick={onLogout}>
          {t('header.logout')}
        </button>
      )}
      <nav aria-label={t('header.language')}>
        {LANGUAGE_CHOICES.map((lang) => (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={i18n.language === lang}
            className="sds--btn sds--btn--ghost--dark sds--btn--small"
            onClick={() => switchLanguage(lang)}
          >
            {lang.toUpperCase()}
          </button>
        ))}
      </nav>
    </header>
  );
}
