import { useNavigate } from 'react-router-dom';
import { useCurrentUser, type ProfileListType } from '@guestspot/shared-api';
import { bookPath, pitchPath, type BookableProfile } from '../lib/booking-rules';

/**
 * Goes to the booking or pitch route of `profile`, and that is all: the route is the whole
 * intent (decision 102). mfe-booking keeps the draft and the server prices it. Used by the
 * profile page and by connect.
 */
export function useStartBooking(type: ProfileListType, profile: BookableProfile) {
  const viewer = useCurrentUser();
  const navigate = useNavigate();
  return {
    /** Goes to the booking route; false when the profile has no bookable option (the waitlist). */
    book(): boolean {
      const path = bookPath(type, profile, viewer);
      if (path === null) return false;
      void navigate(path);
      return true;
    },
    pitch(): void {
      void navigate(pitchPath(type, profile.id));
    },
  };
}
