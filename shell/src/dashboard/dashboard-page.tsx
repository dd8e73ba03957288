import { useSessionStore } from '@guestspot/shared-api';
import { RemoteWidgets } from './remote-widgets';
import './dashboard.css';

/**
 * /dashboard: the shell composes the cards the remotes expose (mfe-miniview's banner is the
 * layout's, above every page of the signed-in area).
 */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  return (
    <section className="gs-page gs-dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="gs-page__title">
        {user ? `Welcome back, ${user.first_name}!` : 'Dashboard'}
      </h1>
      <div className="gs-dashboard__grid">
        <RemoteWidgets remote="mfe_account" />
        <RemoteWidgets remote="mfe_booking" />
        <RemoteWidgets remote="mfe_marketplace" />
      </div>
    </section>
  );
}
