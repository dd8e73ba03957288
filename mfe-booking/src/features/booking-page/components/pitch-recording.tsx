import { VisuallyHidden } from '@guestspot/shared-ui';

/**
 * A recorded pitch played in place, with its text alternative: what the sender wrote with it,
 * or a note that nothing was written; and the recording itself, to open apart.
 */
export function PitchRecording({
  url,
  type,
  label,
  text,
}: {
  url: string;
  type: 'audio' | 'video';
  /** Names the player: 'Video pitch from The Build Show' */
  label: string;
  text?: string | null;
}) {
  return (
    <figure className="gs-booking-recording">
      {type === 'video' ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its sender: no captions exist; the text below stands in
        <video
          className="gs-booking-recording__video"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
        />
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a recording made by its sender: no captions exist; the text below stands in
        <audio
          className="gs-booking-recording__audio"
          src={url}
          controls
          preload="metadata"
          aria-label={label}
        />
      )}
      <figcaption className="gs-booking-recording__caption">
        {text ? (
          <span className="gs-booking-recording__text">{text}</span>
        ) : (
          <span>No written version was sent with this recording.</span>
        )}{' '}
        <a href={url} target="_blank" rel="noopener">
          Open the recording
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      </figcaption>
    </figure>
  );
}
