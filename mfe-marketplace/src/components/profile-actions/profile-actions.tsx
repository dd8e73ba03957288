import { lazy, Suspense, useState } from 'react';
import { useCurrentUser, useSessionStore, type ProfileListType } from '@guestspot/shared-api';
import { Button, openLoginModal } from '@guestspot/shared-ui';
import { FavouriteButton } from '../favourite-button';
import { AvailabilityRequestDialog } from './availability-request-dialog';
import {
  bookBasePath,
  bookLabel,
  canPitch,
  isOwner,
  type BookableProfile,
} from '../../lib/booking-rules';
import { NoBookingOptionsDialog } from './no-booking-options-dialog';
import { PitchDialog } from './pitch-dialog';
import { useStartBooking } from '../../hooks/use-start-booking';
import './profile-actions.css';

export interface ProfileActionsProps {
  type: ProfileListType;
  profile: BookableProfile & { name: string; slug: string; is_favourited: boolean };
}

type OpenDialog = 'inquiry' | 'availability' | 'no-options' | 'pitch' | null;

/**
 * The inquiry form (Formik and yup, 24 KiB gzip) loads when a signed-in user shows they mean to
 * use it (pointer over, focus, tap), not with every visitor's profile page.
 */
const loadInquiryDialog = () => import('./inquiry-dialog');
const InquiryDialog = lazy(() =>
  loadInquiryDialog().then((module) => ({ default: module.InquiryDialog })),
);

/**
 * A profile's actions (spec §2.5, §6): favourite, Inquire, Request availability, Book or
 * 'Request to Book', Pitch. Visitors get the login dialog (then the booking route); owners see
 * none of them on their own profile.
 */
export function ProfileActions({ type, profile }: ProfileActionsProps) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const viewer = useCurrentUser();
  const start = useStartBooking(type, profile);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const kind = type === 'guests' ? 'guest' : 'show';
  const bookBase = bookBasePath(type, profile.id);

  if (authenticated && isOwner(profile, viewer)) {
    return (
      <p className="gs-profile-actions__owner" role="note">
        This is your public profile. Visitors book and pitch you from here.
      </p>
    );
  }

  const whenSignedIn = (action: () => void, redirect: string) => () => {
    if (!authenticated) openLoginModal({ redirect });
    else action();
  };
  const profilePage = `/${type}/${profile.slug}`;

  const onBook = whenSignedIn(() => {
    if (!start.book()) setDialog('no-options');
  }, bookBase);

  const onContinuePitch = () => {
    setDialog(null);
    start.pitch();
  };

  return (
    <div className="gs-profile-actions">
      <div className="gs-profile-actions__primary">
        <Button onClick={onBook}>{bookLabel(profile)}</Button>
        {canPitch(profile, viewer) ? (
          <Button variant="secondary" onClick={whenSignedIn(() => setDialog('pitch'), bookBase)}>
            Pitch
          </Button>
        ) : null}
      </div>
      <div className="gs-profile-actions__secondary">
        <Button
          variant="ghost"
          onClick={whenSignedIn(() => setDialog('inquiry'), profilePage)}
          onPointerEnter={authenticated ? () => void loadInquiryDialog() : undefined}
          onFocus={authenticated ? () => void loadInquiryDialog() : undefined}
        >
          Inquire
        </Button>
        <Button
          variant="ghost"
          onClick={whenSignedIn(() => setDialog('availability'), profilePage)}
        >
          Request availability
        </Button>
        <FavouriteButton
          type={type}
          id={profile.id}
          name={profile.name}
          favourited={profile.is_favourited}
          redirect={profilePage}
        />
      </div>
      {authenticated ? (
        <>
          {dialog === 'inquiry' ? (
            <Suspense fallback={null}>
              <InquiryDialog
                open
                onClose={close}
                profile={{ id: profile.id, name: profile.name, type: kind }}
              />
            </Suspense>
          ) : null}
          <AvailabilityRequestDialog
            open={dialog === 'availability'}
            onClose={close}
            type={type}
            profile={profile}
          />
          <NoBookingOptionsDialog
            open={dialog === 'no-options'}
            onClose={close}
            profile={{ id: profile.id, type: kind }}
          />
          <PitchDialog
            open={dialog === 'pitch'}
            name={profile.name}
            price={profile.pitch_settings.price}
            onContinue={onContinuePitch}
            onCancel={close}
          />
        </>
      ) : null}
    </div>
  );
}
