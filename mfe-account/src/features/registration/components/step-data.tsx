import { Button } from '@guestspot/shared-ui';

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" onClick={onClick}>
      Back
    </Button>
  );
}
