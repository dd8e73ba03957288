import { create } from 'zustand';

interface LoginModalState {
  open: boolean;
  /** Where to go after signing in; without one the modal announces a logged-in event. */
  redirect: string | null;
  openLoginModal: (options?: { redirect?: string }) => void;
  closeLoginModal: () => void;
}

/** Fired on window after a sign-in through the modal that had no redirect. */
export const LOGGED_IN_EVENT = 'guestspot:logged-in';

/**
 * Any remote asks for the login modal here (e.g. a visitor presses Book); the shell hosts it and
 * loads mfe-account's form into it. One store, since shared-ui is a federation singleton.
 */
export const useLoginModalStore = create<LoginModalState>()((set) => ({
  open: false,
  redirect: null,
  openLoginModal: (options) => set({ open: true, redirect: options?.redirect ?? null }),
  closeLoginModal: () => set({ open: false, redirect: null }),
}));

export function openLoginModal(options?: { redirect?: string }) {
  useLoginModalStore.getState().openLoginModal(options);
}
