import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The booking flow's client state, started on a profile page and read by mfe-booking's steps.
 * Persisted in sessionStorage so a reload inside the flow keeps it; one store, since shared-api
 * is a federation singleton.
 */
export interface BookingDraft {
  /** the profile being booked */
  profileType: 'guest' | 'show';
  profileId: number;
  /** spec §2.5/§2.7: the pitch flow (is_pitch on the booking) */
  isPitch: boolean;
  /** cents: pitch_settings.price, else the option with slug pitch, else 0 */
  pitchPrice: number;
}

interface BookingDraftState {
  draft: BookingDraft | null;
  startBooking: (draft: Omit<BookingDraft, 'isPitch' | 'pitchPrice'>) => void;
  startPitch: (draft: Omit<BookingDraft, 'isPitch'>) => void;
  clearDraft: () => void;
}

export const BOOKING_DRAFT_STORAGE_KEY = 'guestspot:booking-draft';

export const useBookingDraftStore = create<BookingDraftState>()(
  persist(
    (set) => ({
      draft: null,
      startBooking: (draft) => set({ draft: { ...draft, isPitch: false, pitchPrice: 0 } }),
      startPitch: (draft) => set({ draft: { ...draft, isPitch: true } }),
      clearDraft: () => set({ draft: null }),
    }),
    {
      name: BOOKING_DRAFT_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ draft: state.draft }),
    },
  ),
);
