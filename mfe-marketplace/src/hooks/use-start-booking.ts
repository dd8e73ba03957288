import { useNavigate } from 'react-router-dom';
import { useBookingDraftStore, useCurrentUser, type ProfileListType } from '@guestspot/shared-api';
import { bookPath, pitchPath, pitchPrice, type BookableProfile } from '../lib/booking-rules';

/**
 * Starts a booking or a pitch of `profile`: records it in the booking draft (the pitch flag and
 * price for a pitch) and goes to its booking route. Used by the profile page and by connect.
 */
export function useStartBooking(type: ProfileListType, profile: BookableProfile) {
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  const startBooking = useBookingDraftStore((state) => state.startBooking);
  const startPitch = useBookingDraftStore((state) => state.startPitch);
  const profileType = type === 'guests' ? 'guest' : 'show';
  return {
    /** Goes to the booking route; false when the profile has no bookable option (the waitlist). */
    book(): boolean {
      const path = bookPath(type, profile, viewer);
      if (path === null) return false;
      startBooking({ profileType, profileId: profile.id });
      void navigate(path);
      return true;
    },
    pitch(): void {
      startPitch({ profileType, profileId: profile.id, pitchPrice: pitchPrice(profile) });
      void navigate(pitchPath(type, profile.id));
    },
  };
}
