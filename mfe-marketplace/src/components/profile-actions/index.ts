export { ProfileActions, type ProfileActionsProps } from './profile-actions';
export {
  asBookable,
  bookableOptions,
  bookBasePath,
  bookLabel,
  bookPath,
  canPitch,
  isOwner,
  NOT_BOOKABLE_SLUGS,
  pitchPath,
  type BookableProfile,
} from '../../lib/booking-rules';
export {
  AvailabilityRequestDialog,
  availabilityRequestText,
  availabilitySuccess,
  useAvailabilityRequest,
} from './availability-request-dialog';
export {
  NoBookingOptionsDialog,
  noBookingOptionsMessage,
  WAITLIST_SUCCESS,
} from './no-booking-options-dialog';
export { PitchDialog } from './pitch-dialog';
export { useStartBooking } from '../../hooks/use-start-booking';
