import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { USER_MENU_CLOSE_MS, useSessionStore } from 'shared-auth';
import { useSlot } from '../remotes/use-slot';
import type { SlotEntry } from '../remotes/use-slot';

/** The shell's own profile link sits at this order among the contributed links (spec §2 Header). */
const PROFILE_ORDER = 30;

/**
 * The user's name with a list of links that it shows and hides (a disclosure): links contributed by remotes
 * (system, tokens, …), profile, log out. Escape closes it and gives focus back to the button.
 */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  // Links need no code of their remote: they show from its published metadata, even while it loads.
  const links = useSlot('user-menu.links').filter((entry) => entry.href);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  if (!user) return null;

  const name = user.name ?? user.email ?? '';
  const close = () => setOpen(false);
  const menuLink = (entry: SlotEntry) => (
    <li key={`${entry.remoteId}:${entry.id}`}>
      <Link to={entry.href ?? '/'} onClick={close}>
        {entry.label}
      </Link>
    </li>
  );
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
        // A disclosure, not a menu (issue 44): Tab walks its links; it names the list only while it shows.
        aria-expanded={open}
        aria-controls={open ? 'user-menu-items' : undefined}
        aria-label={t('header.userMenu', { name })}
        onClick={() => setOpen(!open)}
      >
        {name}
      </button>
      {open && (
        <ul id="user-menu-items" className="user-menu-items">
          {links.filter((entry) => entry.order < PROFILE_ORDER).map(menuLink)}
          <li>
            <Link to="/profile" onClick={close}>
              {t('header.profile')}
            </Link>
          </li>
          {links.filter((entry) => entry.order >= PROFILE_ORDER).map(menuLink)}
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
