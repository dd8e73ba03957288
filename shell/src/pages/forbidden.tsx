import { ButtonLink } from '@guestspot/shared-ui';

export function ForbiddenPage() {
  return (
    <section className="gs-page gs-page--narrow gs-status-page" aria-labelledby="status-title">
      <h1 id="status-title" className="gs-page__title">
        Access denied
      </h1>
      <p>You do not have permission to open this page.</p>
      <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
    </section>
  );
}
