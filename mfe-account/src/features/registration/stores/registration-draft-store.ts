import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type {
  AvailabilityValues,
  GuestDetailsValues,
  GuestLinksValues,
  ShowDetailsValues,
} from '../../../components/profile-forms';

export type AccountChoice = 'guest' | 'show' | 'both';
export type PlanChoice = 'monthly' | 'yearly';

/** What the wizard remembers for one user between steps and reloads. Never a password. */
export interface RegistrationDraft {
  /** came in through /register-pro */
  pro?: boolean;
  plan?: PlanChoice;
  /** Go Pro was skipped or a subscription was started */
  subscriptionDone?: boolean;
  accountType?: AccountChoice;
  accountTypeDone?: boolean;
  guest?: GuestDetailsValues;
  guestId?: number;
  show?: ShowDetailsValues;
  showId?: number;
  links?: GuestLinksValues;
  linksDone?: boolean;
  availability?: AvailabilityValues;
  availabilityDone?: boolean;
}

/** Step 1's typed values before the account exists (no password fields). */
export interface VisitorDraft {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

interface RegistrationDraftState {
  visitor: VisitorDraft | null;
  /** keyed by user id */
  drafts: Record<string, RegistrationDraft>;
  /** The wizard was finished and is being left: steps must not redirect meanwhile. */
  leaving: boolean;
  setVisitor: (values: VisitorDraft | null) => void;
  update: (userId: number, patch: Partial<RegistrationDraft>) => void;
  clear: (userId: number) => void;
  /** Forgets the user's draft as the wizard is left (the steps render nothing meanwhile). */
  finish: (userId: number) => void;
  setLeaving: (leaving: boolean) => void;
}

export const REGISTRATION_DRAFT_KEY = 'guestspot.registration-draft';

export const useRegistrationDraftStore = create<RegistrationDraftState>()(
  persist(
    (set) => ({
      visitor: null,
      drafts: {},
      leaving: false,
      setVisitor: (visitor) => set({ visitor }),
      update: (userId, patch) =>
        set((state) => ({
          drafts: { ...state.drafts, [userId]: { ...state.drafts[userId], ...patch } },
        })),
      clear: (userId) =>
        set((state) => {
          const drafts = { ...state.drafts };
          delete drafts[userId];
          return { drafts };
        }),
      finish: (userId) =>
        set((state) => {
          const drafts = { ...state.drafts };
          delete drafts[userId];
          return { drafts, leaving: true };
        }),
      setLeaving: (leaving) => set({ leaving }),
    }),
    {
      name: REGISTRATION_DRAFT_KEY,
      partialize: (state) => ({ visitor: state.visitor, drafts: state.drafts }),
      storage: createJSONStorage(() => window.localStorage),
      version: 1,
    },
  ),
);
