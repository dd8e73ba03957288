import { create } from 'zustand';
import type { User } from '@guestspot/shared-api';

interface SubscribeDialogState {
  open: boolean;
  /** Told with the refreshed user (now Pro) once the subscription exists. */
  onSubscribed: ((user: User) => void) | undefined;
}

/**
 * Any remote asks for the Subscribe dialog (Pro plans, 97 / 997) here; the shell hosts it and
 * loads mfe-account's form into it when it first opens (decision 087). One store: shared-ui is a
 * federation singleton.
 */
export const useSubscribeDialogStore = create<SubscribeDialogState>()(() => ({
  open: false,
  onSubscribed: undefined,
}));

export function openSubscribeDialog(options?: { onSubscribed?: (user: User) => void }) {
  useSubscribeDialogStore.setState({ open: true, onSubscribed: options?.onSubscribed });
}

export function closeSubscribeDialog() {
  useSubscribeDialogStore.setState({ open: false, onSubscribed: undefined });
}
