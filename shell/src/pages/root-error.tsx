import { errorMessages } from '@guestspot/shared-api';
import { ErrorState } from '@guestspot/shared-ui';

/** Last resort when the shell itself fails to render a page. */
export function RootError() {
  return (
    <section className="gs-page gs-page--narrow">
      <ErrorState
        title={errorMessages.somethingWentWrong}
        message="Reload the page to try again."
        onRetry={() => window.location.reload()}
        retryLabel="Reload"
      />
    </section>
  );
}
