import { Navigate } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { miniviewShareUrl } from '@guestspot/shared-api/miniviews';
import { ButtonLink, CopyLink } from '@guestspot/shared-ui';
import { useMiniviewDraftStore } from '../stores/miniview-draft-store';
import './create-miniview.css';

/** /miniviews-create/success (MiniviewCreated): the new MINIVIEW's shareable link. */
export function CreatedPage() {
  const userId = useSessionStore((state) => state.user?.id ?? 0);
  const created = useMiniviewDraftStore((state) => state.created[userId]);
  // Nothing created in this tab: the way to create one.
  if (!created) return <Navigate to="/miniviews-create" replace />;
  return (
    <section className="gs-page gs-page--narrow gs-miniview-create" aria-labelledby="created-title">
      <h1 id="created-title" className="gs-page__title">
        Your MINIVIEW™ is ready
      </h1>
      <p className="gs-miniview-create__lead">
        Share the link of <strong>{created.title}</strong>: anyone who has it answers your questions
        on video or audio, no account needed.
      </p>
      <CopyLink url={miniviewShareUrl(created.uuid)} />
      <div className="gs-miniview-create__actions">
        <ButtonLink to="/miniviews-create" variant="secondary">
          Create another
        </ButtonLink>
        <ButtonLink to={`/user-miniviews/${created.id}`}>View the MINIVIEW™</ButtonLink>
      </div>
    </section>
  );
}
