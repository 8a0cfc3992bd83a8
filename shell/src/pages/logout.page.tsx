import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from 'shared-auth';
import { Loader } from 'shared-ui';
import { useTranslation } from 'react-i18next';

/** logout: ends the session on the server (shared-auth), then shows the landing page at /login. */
export default function LogoutPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; the server call must happen once.
    if (started.current) return;
    started.current = true;
    const done = () => navigate('/login', { replace: true });
    logout().then(done, done);
  }, [navigate]);
  return <Loader label={t('logout.busy')} />;
}
