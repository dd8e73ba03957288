import { useMutation } from '@tanstack/react-query';
import { useCurrentUser, errorMessages } from '@guestspot/shared-api';
import { joinWaitlist } from '@guestspot/shared-api/waitlist';
import { Button, Modal, toast } from '@guestspot/shared-ui';

export const WAITLIST_SUCCESS = "You've beed added to the waitlist.";

/** The spec's exact text; the guest equivalent uses the word guest. */
export function noBookingOptionsMessage(kind: 'guest' | 'show'): string {
  return `This ${kind} does not currently have booking options available. We'll send them a message and let them know you're interested, and we'll notify you when their availability opens up!`;
}

export interface NoBookingOptionsDialogProps {
  open: boolean;
  onClose: () => void;
  profile: { id: number; type: 'guest' | 'show' };
}

/**
 * Request to Book on a profile without booking options (spec §2.5): the message and OK, which
 * puts the user on the waitlist (POST /join-waitlist). The dialog closes either way.
 */
export function NoBookingOptionsDialog({ open, onClose, profile }: NoBookingOptionsDialogProps) {
  const user = useCurrentUser();
  const mutation = useMutation({
    mutationFn: () =>
      joinWaitlist({
        email: user?.email ?? '',
        source: 'app',
        profile_id: profile.id,
        profile_type: profile.type,
      }),
    onSuccess: () => toast.success(WAITLIST_SUCCESS),
    onError: () => toast.error(errorMessages.somethingWentWrongNoStop),
    onSettled: onClose,
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Request to Book"
      footer={
        <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
          OK
        </Button>
      }
    >
      <p>{noBookingOptionsMessage(profile.type)}</p>
    </Modal>
  );
}
