import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { User } from '@guestspot/shared-api';
import { Avatar } from '@guestspot/shared-ui';

/** The signed-in user's menu: Dashboard, Profile, Settings, Log out (a disclosure of links). */
export function UserMenu({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = user ? `${user.first_name} ${user.last_name}` : 'Your account';
  const profilePath = user?.guest ? `/guests/${user.guest.slug}` : '/details';

  return (
    <div className="gs-user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="gs-user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar
          src={user?.imageUrl ?? undefined}
          emailHash={user?.email_hash ?? ''}
          name={name}
          size={32}
        />
        <span className="gs-user-menu__name visually-hidden-phone">{name}</span>
        <span className="visually-hidden">account menu</span>
      </button>
      <ul id={menuId} className="gs-user-menu__list" hidden={!open}>
        <li>
          <Link to="/dashboard">Dashboard</Link>
        </li>
        <li>
          <Link to={profilePath}>Profile</Link>
        </li>
        <li>
          <Link to="/settings">Settings</Link>
        </li>
        <li>
          <Link to="/logout">Log out</Link>
        </li>
      </ul>
    </div>
  );
}
