import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { mayOpenSystem, USER_MENU_CLOSE_MS, useSessionStore } from 'shared-auth';
import { useSlot } from '../remotes/use-slot';

/** The user's name with a menu: system (super users), profile, links contributed by remotes, log out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const links = useSlot('user-menu.links').filter((entry) => entry.available && entry.href);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  if (!user) return null;

  const name = user.name ?? user.email ?? '';
  const close = () => setOpen(false);
  return (
    <div
      className="user-menu"
      onBlur={() => {
        // Spec §9: close 325 ms after losing focus; focus moving to another item cancels it.
        closeTimer.current = setTimeout(close, USER_MENU_CLOSE_MS);
      }}
      onFocus={() => clearTimeout(closeTimer.current)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu-items"
        aria-label={t('header.userMenu', { name })}
        onClick={() => setOpen(!open)}
      >
        {name}
      </button>
      {open && (
        <ul id="user-menu-items" className="user-menu-items">
          {mayOpenSystem(user) && (
            <li>
              <Link to="/system" onClick={close}>
                {t('header.system')}
              </Link>
            </li>
          )}
          <li>
            <Link to="/profile" onClick={close}>
              {t('header.profile')}
            </Link>
          </li>
          {links.map((entry) => (
            <li key={`${entry.remoteId}:${entry.id}`}>
              <Link to={entry.href ?? '/'} onClick={close}>
                {t(entry.labelKey, { ns: entry.labelNamespace })}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/logout" onClick={close}>
              {t('header.logout')}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
