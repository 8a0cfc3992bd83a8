import { useTranslation } from 'react-i18next';

/**
 * The first stop of the Tab key: past the header to the page's content (issue 44: a manager needed 14
 * Tabs to reach the first role row). Moves focus itself, so the URL keeps no `#main`.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main');
        const target = main?.querySelector<HTMLElement>('h1') ?? main;
        if (!target) return;
        if (target !== main && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}
