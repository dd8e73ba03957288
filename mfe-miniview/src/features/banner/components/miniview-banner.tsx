import { ButtonLink } from '@guestspot/shared-ui';
import './miniview-banner.css';

/**
 * The MINIVIEW banner: invites the user to create a shareable question set. The shell shows it
 * in its banner slot on the pages of the signed-in area (exposes/banner).
 */
export function MiniviewBanner() {
  return (
    <section className="gs-miniview-banner" aria-labelledby="miniview-banner-title">
      <div>
        <h2 id="miniview-banner-title">Collect answers with MINIVIEW™</h2>
        <p>Share a set of questions; anyone can answer on video or audio, no account needed.</p>
      </div>
      <ButtonLink to="/miniviews-create" variant="secondary">
        Create a MINIVIEW™
      </ButtonLink>
    </section>
  );
}
