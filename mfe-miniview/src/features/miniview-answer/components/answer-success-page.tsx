import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { ButtonLink } from '@guestspot/shared-ui';
import { useAnswerDraftStore } from '../stores/answer-draft-store';
import './miniview-answer.css';

/**
 * /miniviews/:uuid/success: the answers were sent. The draft is forgotten here rather than by
 * Submit, so that the questions page never sees itself without one.
 */
export function AnswerSuccessPage({
  uuid,
}: {
  /** The URL's, unless given (Storybook) */ uuid?: string;
}) {
  const params = useParams();
  const miniviewUuid = (uuid ?? params.uuid ?? '').toLowerCase();
  const clear = useAnswerDraftStore((state) => state.clear);
  const signedIn = useSessionStore((state) => state.authenticated);

  useEffect(() => clear(miniviewUuid), [clear, miniviewUuid]);

  return (
    <section
      className="gs-page gs-page--narrow gs-miniview-answer"
      aria-labelledby="miniview-answer-title"
    >
      <p className="gs-miniview-answer__eyebrow">MINIVIEW™</p>
      <h1 id="miniview-answer-title" className="gs-page__title">
        Thank you! Your answers were sent.
      </h1>
      <p className="gs-miniview-answer__lead">
        The person who sent you this MINIVIEW™ can now watch and listen to your recordings, under
        the name you gave. There is nothing more to do, and no account is needed.
      </p>
      {signedIn ? (
        <div className="gs-miniview-answer__actions">
          <ButtonLink to="/">Go to Guestspot&apos;s home</ButtonLink>
        </div>
      ) : (
        <>
          <p className="gs-miniview-answer__lead">
            Guestspot books podcast and video interviews. Want to be a guest, run a show, or send
            MINIVIEWs of your own?
          </p>
          <div className="gs-miniview-answer__actions">
            <ButtonLink to="/register">Sign up free</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Go to Guestspot&apos;s home
            </ButtonLink>
          </div>
        </>
      )}
    </section>
  );
}
