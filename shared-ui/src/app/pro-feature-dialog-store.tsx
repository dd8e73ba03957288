import type { ReactNode } from 'react';
import { create } from 'zustand';
import { ProFeatureDialog } from '../pro-feature-dialog/pro-feature-dialog';

interface ProFeatureDialogState {
  open: boolean;
  message: ReactNode | undefined;
}

/**
 * Any remote asks for the 'This is a Pro feature' dialog here (a standard account pressed a Pro
 * control); the shell renders the one <ProFeatureDialogHost />. One store: shared-ui is a
 * federation singleton.
 */
export const useProFeatureDialogStore = create<ProFeatureDialogState>()(() => ({
  open: false,
  message: undefined,
}));

export function openProFeatureDialog(options?: { message?: ReactNode }) {
  useProFeatureDialogStore.setState({ open: true, message: options?.message });
}

export function closeProFeatureDialog() {
  useProFeatureDialogStore.setState({ open: false, message: undefined });
}

/** Renders the dialog for openProFeatureDialog(). Needs a router (its buttons are links). */
export function ProFeatureDialogHost() {
  const open = useProFeatureDialogStore((state) => state.open);
  const message = useProFeatureDialogStore((state) => state.message);
  return <ProFeatureDialog open={open} message={message} onClose={closeProFeatureDialog} />;
}
