import type { Quote } from '../../booking-money/quote';
import type { ProfileSide } from '../../../booking-facts';

// What the create reads (its routes turn the body into a CreateBookingInput) and what its
// checks hand to the insert.

export interface BookingChoice {
  booking_option_id: number;
  price_id?: number | null | undefined;
}

export interface PitchInput {
  type?: 'text' | 'audio' | 'video' | undefined;
  text?: string | null | undefined;
  media_uuid?: string | null | undefined;
  media_type?: 'audio' | 'video' | null | undefined;
}

export interface CreateBookingInput {
  /** the profile in the path: a show books a guest ('guest'), a guest books a show ('show') */
  bookedSide: ProfileSide;
  bookedProfileId: number;
  /** the booker's own profile of the other kind (show_profile_id / guest_profile_id) */
  bookerProfileId: number;
  idempotencyKey: string;
  /** the SHA-256 of the request the key was sent with (requestHashOf) */
  requestHash: string;
  proposedDates: string[];
  interviewDuration: number | null;
  code: string | null;
  /** cents of store credit the booker asked to use; omitted: none */
  storeCreditAmount: number;
  /** cents the payment step's quote said the card would be held for; null: not sent */
  cardAmount: number | null;
  questions: { question_id: number; answer?: string | null | undefined }[];
  upsells: number[];
  paymentMethod: string | null;
  savePaymentMethod: boolean;
  bookingOptions: BookingChoice[];
  miniview: { answers?: { question: string; answer?: string | null | undefined }[] } | null;
  pitch: PitchInput | null;
  source: 'web';
  isPitch: boolean;
  wantsGuaranteedResponse: boolean;
}

export interface ProfileRow {
  id: number;
  user_id: number;
  name: string;
  pitch_enabled: boolean;
  owner_status: string;
}

export type PitchType = 'text' | 'audio' | 'video';

export interface AnswerText {
  question: string;
  answer: string | null;
}

/** What the checks found: the booking as it will be written. */
export interface Checked {
  booked: ProfileRow;
  booker: ProfileRow;
  /** the option, upsells, code and price: what the booking flow's quote showed */
  quote: Quote;
  questions: AnswerText[];
  miniviewAnswers: AnswerText[];
  proposed: Date[];
  pitchType: PitchType | null;
}
