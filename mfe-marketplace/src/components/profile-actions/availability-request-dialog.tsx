import { useMutation } from '@tanstack/react-query';
import { serverMessage, type ProfileListType, errorMessages } from '@guestspot/shared-api';
import { requestAvailability } from '@guestspot/shared-api/inquiries';
import { Button, Modal, toast } from '@guestspot/shared-ui';

export const availabilitySuccess = (name: string) =>
  `Your request was sent. We'll let you know when ${name} opens up availability.`;
export const availabilityRequestText = (name: string) =>
  `Can't find a time that works? We'll email ${name} that you would like to book an interview and ask them to open up more availability. We'll let you know when they do.`;

/** Sends the availability request: a success toast, or the server's message in an error toast. */
export function useAvailabilityRequest(
  type: ProfileListType,
  profile: { id: number; name: string },
  onSent?: () => void,
) {
  return useMutation({
    mutationFn: () => requestAvailability(type, profile.id),
    onSuccess: () => {
      toast.success(availabilitySuccess(profile.name));
      onSent?.();
    },
    onError: (error) => toast.error(serverMessage(error, errorMessages.tryAgainInAFewMinutes)),
  });
}

export interface AvailabilityRequestDialogProps {
  open: boolean;
  onClose: () => void;
  type: ProfileListType;
  profile: { id: number; name: string };
}

/** 'Request availability' (spec §2.5, §7): asks the owner, by email, to open booking times. */
export function AvailabilityRequestDialog({
  open,
  onClose,
  type,
  profile,
}: AvailabilityRequestDialogProps) {
  const mutation = useAvailabilityRequest(type, profile, onClose);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      title="Request availability"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
            Send request
          </Button>
        </>
      }
    >
      <p>{availabilityRequestText(profile.name)}</p>
    </Modal>
  );
}
