import type { ReactNode } from 'react';
import type { PublicMiniview } from '@guestspot/shared-api';
import { ButtonLink, ErrorState, PageLoading } from '@guestspot/shared-ui';
import { isMissingMiniview, usePublicMiniview } from '../hooks/use-public-miniview';
import './miniview-answer.css';

/** A link that names no MINIVIEW, or one that no longer takes answers. */
export function MiniviewNotFound() {
  return (
    <section
      className="gs-page gs-page--narrow gs-miniview-answer"
      aria-labelledby="miniview-answer-title"
    >
      <h1 id="miniview-answer-title" className="gs-page__title">
        This MINIVIEW™ was not found or is no longer available.
      </h1>
      <p className="gs-miniview-answer__lead">
        Check the link you were sent, or ask the person who sent it for a new one.
      </p>
      <ButtonLink to="/">Go to Guestspot&apos;s home</ButtonLink>
    </section>
  );
}

/**
 * The public MINIVIEW a page is about, by the link's uuid: its loading, not-found and failure
 * states in one place, and `children` once it is there.
 */
export function WithPublicMiniview({
  uuid,
  children,
}: {
  uuid: string | undefined;
  children: (miniview: PublicMiniview) => ReactNode;
}) {
  const miniview = usePublicMiniview(uuid);
  if (isMissingMiniview(uuid, miniview.error)) return <MiniviewNotFound />;
  if (miniview.isPending) return <PageLoading label="Loading the MINIVIEW" />;
  if (miniview.isError) {
    return (
      <section className="gs-page gs-page--narrow">
        <ErrorState
          title="The MINIVIEW could not be loaded."
          message="Check your connection and try again."
          onRetry={() => void miniview.refetch()}
          retrying={miniview.isFetching}
        />
      </section>
    );
  }
  return <>{children(miniview.data)}</>;
}
