import type { BookingDetail, BookingTimelineEntry } from '@guestspot/shared-api';
import { Button, VisuallyHidden } from '@guestspot/shared-ui';
import { actionLabels, type DialogAction } from '../lib/booking-view';
import { formatDayTime, formatEntryTime } from '@guestspot/shared-ui/calendar-picker';
import { MessageEntry } from './message-entry';
import { PitchRecording } from './pitch-recording';
import { ProposalPicker } from './proposal-picker';

interface EntryProps {
  entry: BookingTimelineEntry;
  booking: BookingDetail;
  zone: string;
  openAction: (action: DialogAction) => void;
}

/** The buttons of a pending step: only what the viewer may do (allowed_actions). */
function StepActions({
  actions,
  booking,
  openAction,
}: Pick<EntryProps, 'booking' | 'openAction'> & { actions: DialogAction[] }) {
  const allowed = actions.filter((action) => booking.allowed_actions.includes(action));
  if (allowed.length === 0) return null;
  return (
    <div className="gs-activity__actions">
      {allowed.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'reject' ? 'secondary' : 'primary'}
          onClick={() => openAction(action)}
        >
          {actionLabels[action]}
        </Button>
      ))}
    </div>
  );
}

/** What an entry shows beyond its description, by its type (booking-management… §2). */
function EntryBody({ entry, booking, zone, openAction }: EntryProps) {
  const { properties } = entry;
  switch (entry.type) {
    case 'proposed_dates':
      return properties.dates?.length ? (
        <ul className="gs-activity__dates">
          {properties.dates.map((date) => (
            <li key={date}>
              <time dateTime={date}>{formatDayTime(date, zone)}</time>
            </li>
          ))}
        </ul>
      ) : null;
    case 'confirmed':
    case 'updated':
      return properties.date ? (
        <p className="gs-activity__detail">
          Interview: <time dateTime={properties.date}>{formatDayTime(properties.date, zone)}</time>
        </p>
      ) : null;
    case 'rejected':
    case 'canceled':
      return properties.reason ? (
        <p className="gs-activity__quote">Reason: {properties.reason}</p>
      ) : null;
    case 'message_intent':
      return properties.scheduling_link ? (
        <p className="gs-activity__detail">
          <a href={properties.scheduling_link} target="_blank" rel="noopener">
            {properties.scheduling_link}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        </p>
      ) : null;
    case 'text_pitch':
      return properties.message ? <p className="gs-activity__quote">{properties.message}</p> : null;
    case 'audio_pitch':
    case 'video_pitch':
      return properties.media_url ? (
        <PitchRecording
          url={properties.media_url}
          type={entry.type === 'video_pitch' ? 'video' : 'audio'}
          label={entry.type === 'video_pitch' ? 'Video pitch' : 'Audio pitch'}
          text={properties.message}
        />
      ) : null;
    case 'action-accept-reject':
      return (
        <StepActions actions={['accept', 'reject']} booking={booking} openAction={openAction} />
      );
    case 'action-pick-dates':
      return booking.allowed_actions.includes('confirm') ? (
        <ProposalPicker booking={booking} zone={zone} />
      ) : null;
    case 'action':
      return <StepActions actions={['propose-date']} booking={booking} openAction={openAction} />;
    default:
      return null;
  }
}

/** One entry of the feed: the viewer's side and the other side's read apart (by_viewer). */
export function ActivityEntry(props: EntryProps) {
  const { entry, zone } = props;
  // The chat (issue 31): a message reads as its text, not as a description of it.
  if (entry.type === 'message') return <MessageEntry {...props} />;
  const by = entry.by_viewer ? 'viewer' : entry.actor_side === 'system' ? 'system' : 'other';
  return (
    <li className="gs-activity__entry" data-by={by} data-type={entry.type}>
      <p className="gs-activity__description">{entry.description}</p>
      <EntryBody {...props} />
      <time className="gs-activity__time" dateTime={entry.created_at}>
        {formatEntryTime(entry.created_at, zone)}
      </time>
    </li>
  );
}
