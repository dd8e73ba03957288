import { ConfirmDialog } from '@guestspot/shared-ui';
import { priceLabel } from '../price';

export interface PitchDialogProps {
  open: boolean;
  /** whom the pitch goes to */
  name: string;
  /**
   * cents the profile set for a pitch (0 is FREE), as the server publishes it; null: none set,
   * and nothing is said here (the payment step shows the server's price either way)
   */
  price: number | null;
  onContinue: () => void;
  onCancel: () => void;
}

/** The Pitching confirmation (spec §2.5): Cancel, or Continue into the pitch booking route. */
export function PitchDialog({ open, name, price, onContinue, onCancel }: PitchDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Pitching"
      message={
        <>
          <p>
            A pitch is a free approach to {name}. It does not guarantee an interview: they may
            answer with their full booking fee, and you may still decline.
          </p>
          {price !== null ? (
            <p>
              Pitch price: <strong>{priceLabel(price)}</strong>
            </p>
          ) : null}
        </>
      }
      confirmLabel="Continue"
      cancelLabel="Cancel"
      onConfirm={onContinue}
      onCancel={onCancel}
    />
  );
}
