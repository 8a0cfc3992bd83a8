import { useTranslation } from 'react-i18next';

const LINKS = ['terms', 'privacy', 'provider', 'readMore'] as const;

/** Terms, privacy, the provider and a read-more link (spec §2 Landing page). */
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="shell-footer">
      <nav aria-label={t('footer.label')}>
        <ul>
          {LINKS.map((link) => (
            <li key={link}>
              <a href={t(`footer.${link}Url`)} target="_blank" rel="noopener noreferrer">
                {t(`footer.${link}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
