import { useTranslation } from 'react-i18next';
import { switchLanguage } from 'shared-ui/core';

const LANGUAGES = [
  { lang: 'en', short: 'header.languageEn', label: 'header.languageEnLabel' },
  { lang: 'nl', short: 'header.languageNl', label: 'header.languageNlLabel' },
] as const;

/** nl / en; choosing one stores the cookie and reloads with ?lang= (shared-ui switchLanguage). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.language?.startsWith('nl') ? 'nl' : 'en';
  return (
    <nav className="language-switcher" aria-label={t('header.language')}>
      {LANGUAGES.map(({ lang, short, label }) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={lang === current ? 'active' : undefined}
          aria-pressed={lang === current}
          onClick={() => {
            if (lang !== current) switchLanguage(lang);
          }}
        >
          {/* The visible code stays part of the accessible name ("EN (English)"). */}
          {t(short)}
          <span className="sds--visually-hidden"> ({t(label)})</span>
        </button>
      ))}
    </nav>
  );
}
