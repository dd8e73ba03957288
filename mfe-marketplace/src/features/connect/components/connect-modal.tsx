import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  serverMessage,
  useCurrentUser,
  type ConnectCandidate,
  type ProfileListType,
  errorMessages,
} from '@guestspot/shared-api';
import { rejectConnectCandidate } from '@guestspot/shared-api/connect';
import * as smartlistApi from '@guestspot/shared-api/smartlist';
import {
  Avatar,
  Button,
  EmptyState,
  ErrorState,
  Modal,
  openProFeatureDialog,
  Spinner,
  toast,
} from '@guestspot/shared-ui';
import { isUpgradeError } from '../../../components/favourite-button';
import {
  asBookable,
  canPitch,
  NoBookingOptionsDialog,
  useStartBooking,
} from '../../../components/profile-actions';
import { useConnectQueue } from '../hooks/use-connect-queue';
import { aboutText, CandidateInfo } from './candidate-info';
import './connect-modal.css';

/** Pixels a card must be dragged sideways to count as a swipe. */
const SWIPE_DISTANCE = 80;

/** Spec §8: 'There are no more {type}s that match your interests!' */
export function exhaustedMessage(type: ProfileListType): string {
  return `There are no more ${type === 'guests' ? 'guest' : 'show'}s that match your interests!`;
}

export function exploreTitle(type: ProfileListType): string {
  return type === 'guests' ? 'Explore Guests' : 'Explore Shows';
}

export interface ConnectModalProps {
  /** the side to explore; null keeps the modal closed */
  type: ProfileListType | null;
  onClose: () => void;
}

/** The connect swipe modal (spec §2.8). */
export function ConnectModal({ type, onClose }: ConnectModalProps) {
  return (
    <Modal
      open={type !== null}
      onClose={onClose}
      title={type ? exploreTitle(type) : ''}
      size="lg"
      className="gs-connect-modal"
    >
      {type ? <ConnectSession type={type} onClose={onClose} /> : null}
    </Modal>
  );
}

function ConnectSession({ type, onClose }: { type: ProfileListType; onClose: () => void }) {
  const queue = useConnectQueue(type);
  const { current } = queue;

  if (queue.error) {
    return (
      <ErrorState
        title="The recommendations could not be loaded."
        message="Check your connection and try again."
        onRetry={queue.retry}
        retrying={queue.retrying}
        titleAs="h3"
      />
    );
  }
  if (queue.exhausted) {
    return (
      <EmptyState
        role="status"
        title={exhaustedMessage(type)}
        titleAs="h3"
        action={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      />
    );
  }
  if (queue.loading || !current) {
    return (
      <div className="gs-connect__loading">
        <Spinner label={type === 'guests' ? 'Loading guests' : 'Loading shows'} />
      </div>
    );
  }
  return (
    <CandidateView
      key={current.id}
      type={type}
      candidate={current}
      onDone={queue.advance}
      onClose={onClose}
    />
  );
}

function CandidateView({
  type,
  candidate,
  onDone,
  onClose,
}: {
  type: ProfileListType;
  candidate: ConnectCandidate;
  onDone: () => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const userId = viewer?.id ?? null;
  const bookable = asBookable(candidate);
  const start = useStartBooking(type, bookable);
  const pitchable = canPitch(bookable, viewer);
  const [choosing, setChoosing] = useState(false);
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const swipeStart = useRef<number | null>(null);
  const infoId = useId();
  const singular = type === 'guests' ? 'guest' : 'show';
  const subtitle = 'type' in candidate ? candidate.title : aboutText(candidate);

  // Each candidate takes the focus, so it is announced and the arrow keys keep working (the
  // button that was pressed went away with the previous candidate).
  useEffect(() => heading.current?.focus(), []);

  const nope = useMutation({
    mutationFn: () => rejectConnectCandidate(type, candidate.id),
    onSuccess: onDone,
    onError: (error) => toast.error(serverMessage(error, errorMessages.somethingWentWrongNoStop)),
  });
  const add = useMutation({
    mutationFn: () => {
      if (userId === null) throw new Error(errorMessages.somethingWentWrongNoStop);
      return smartlistApi.addSmartlistItem(userId, {
        type: singular,
        name: candidate.name,
        profile_id: candidate.id,
      });
    },
    onSuccess: () => {
      toast.success(`${candidate.name} was added to your wishlist.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.smartlist });
      onDone();
    },
    onError: (error) => {
      const message = serverMessage(error, errorMessages.somethingWentWrongNoStop);
      toast.error(message);
      if (isUpgradeError(error)) openProFeatureDialog({ message });
    },
  });
  const busy = nope.isPending || add.isPending;

  const pitch = () => {
    onClose();
    start.pitch();
  };
  // Without a bookable option there is nothing to book: the waitlist dialog, as on the profile.
  const book = () => {
    if (start.book()) onClose();
    else setWaitlistOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (choosing || busy || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      nope.mutate();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      onDone();
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || busy || choosing) return;
    const distance = event.clientX - start;
    if (distance <= -SWIPE_DISTANCE) nope.mutate();
    else if (distance >= SWIPE_DISTANCE) onDone();
  };

  return (
    // The arrow keys are shortcuts for the Nope and Next buttons, which stay the real controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      className="gs-connect"
      role="group"
      aria-labelledby={`${infoId}-name`}
      onKeyDown={onKeyDown}
    >
      <div
        className="gs-connect__card"
        style={{ '--gs-profile-color': candidate.color } as React.CSSProperties}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        <Avatar src={candidate.imageUrl} name={candidate.name} size={120} />
        <h3 id={`${infoId}-name`} ref={heading} tabIndex={-1} className="gs-connect__name">
          {candidate.name}
        </h3>
        {subtitle ? <p className="gs-connect__subtitle">{subtitle}</p> : null}
        {candidate.categories.length ? (
          <p className="gs-connect__tags">
            {candidate.categories.map((category) => category.name).join(' · ')}
          </p>
        ) : null}
        <Button
          variant="link"
          size="sm"
          aria-expanded={infoOpen}
          aria-controls={infoId}
          onClick={() => setInfoOpen((open) => !open)}
        >
          {infoOpen ? 'Hide info' : 'Info'}
        </Button>
        {infoOpen ? <CandidateInfo candidate={candidate} id={infoId} /> : null}
      </div>

      {choosing ? (
        <div role="group" aria-labelledby={`${infoId}-choice`} className="gs-connect__choice">
          <p id={`${infoId}-choice`} className="gs-connect__choice-title">
            How would you like to book {candidate.name}?
          </p>
          <Button onClick={pitch} aria-describedby={`${infoId}-pitch`}>
            Pitch
          </Button>
          <span id={`${infoId}-pitch`} className="gs-connect__hint">
            pitch your guest for free
          </span>
          <Button variant="secondary" onClick={book}>
            Regular Booking
          </Button>
          <Button variant="ghost" onClick={() => setChoosing(false)}>
            Back
          </Button>
        </div>
      ) : (
        <div className="gs-connect__actions">
          <Button
            variant="secondary"
            loading={nope.isPending}
            disabled={busy}
            onClick={() => nope.mutate()}
          >
            Nope
          </Button>
          <Button
            variant="secondary"
            loading={add.isPending}
            disabled={busy}
            onClick={() => add.mutate()}
          >
            Add to smartlist
          </Button>
          {/* The choice is offered only when the candidate takes pitches (spec §2.5). */}
          <Button disabled={busy} onClick={pitchable ? () => setChoosing(true) : book}>
            Book
          </Button>
          <Button variant="ghost" disabled={busy} onClick={onDone}>
            Next
          </Button>
        </div>
      )}
      <p className="gs-connect__hint">
        Keyboard: ← nope, → next. On touch screens, swipe the card.
      </p>
      <NoBookingOptionsDialog
        open={waitlistOpen}
        onClose={() => setWaitlistOpen(false)}
        profile={{ id: candidate.id, type: singular }}
      />
    </div>
  );
}
