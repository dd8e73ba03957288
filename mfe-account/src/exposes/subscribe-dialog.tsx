import type { User } from '@guestspot/shared-api';
import { toast } from '@guestspot/shared-ui';
import { SUBSCRIBED, SubscribePanel } from '../features/subscription/components/subscribe-modal';

export interface SubscribeDialogContentProps {
  /** Told with the refreshed user (now Pro); the shell's host closes the dialog. */
  onSubscribed: (user: User) => void;
}

/**
 * Exposed as './subscribe-dialog' for the Subscribe dialog the shell hosts (any remote opens it
 * with openSubscribeDialog()): the same panel as Settings' Subscribe modal, and the same welcome.
 */
export function SubscribeDialogContent({ onSubscribed }: SubscribeDialogContentProps) {
  return (
    <SubscribePanel
      onSubscribed={(user) => {
        toast.success(SUBSCRIBED);
        onSubscribed(user);
      }}
    />
  );
}
