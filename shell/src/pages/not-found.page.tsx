import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import notFound from '../assets/not-found.svg';

/** /404: everything the console does not know or the user may not see. */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="shell-page not-found">
      <img src={notFound} alt={t('notFound.imageAlt')} width={240} height={160} />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </div>
  );
}
