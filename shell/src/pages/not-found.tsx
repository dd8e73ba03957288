import { ButtonLink } from '@guestspot/shared-ui';

export function NotFoundPage() {
  return (
    <section className="gs-page gs-page--narrow gs-status-page" aria-labelledby="status-title">
      <h1 id="status-title" className="gs-page__title">
        Page not found
      </h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </section>
  );
}
