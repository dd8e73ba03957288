import { Link } from 'react-router-dom';
import { usePageChromeStore, useSessionStore } from '@guestspot/shared-api';
import { Button, ButtonLink, openLoginModal } from '@guestspot/shared-ui';
import { UserMenu } from './user-menu';

interface HeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function Header({ sidebarOpen, onToggleSidebar }: HeaderProps) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const user = useSessionStore((state) => state.user);
  // A profile page with remove_branding hides the logo and tagline (spec §2.2).
  const hideBranding = usePageChromeStore((state) => state.hideBranding);
  const adminFor =
    user?.team_role === 'admin' ? user.teams.find((team) => team.role === 'admin') : undefined;

  return (
    <header className="gs-header">
      {adminFor ? <p className="gs-header__banner">Admin for {adminFor.owner_name}</p> : null}
      <div className="gs-header__bar">
        <button
          type="button"
          className="gs-header__toggle"
          aria-controls="gs-sidebar"
          aria-expanded={sidebarOpen}
          aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
          onClick={onToggleSidebar}
        >
          <span aria-hidden="true" className="gs-header__toggle-icon" />
        </button>
        {hideBranding ? (
          <span className="gs-header__brand" data-hidden="true" />
        ) : (
          <Link to="/" className="gs-header__brand">
            <span className="gs-header__logo" aria-hidden="true">
              G
            </span>
            <span className="gs-header__name">Guestspot</span>
            <span className="gs-header__tagline">guest booking marketplace</span>
          </Link>
        )}
        <div className="gs-header__actions">
          {authenticated ? (
            <UserMenu user={user} />
          ) : (
            <>
              {/* On a phone the bar has room for Sign in only: the drawer offers this instead. */}
              <ButtonLink to="/register" variant="primary" size="sm" className="gs-header__start">
                Start free now
              </ButtonLink>
              <Button variant="secondary" size="sm" onClick={() => openLoginModal()}>
                Sign in
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
