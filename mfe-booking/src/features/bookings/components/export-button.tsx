import { Alert, Button } from '@guestspot/shared-ui';
import { useExportBookings } from '../hooks/use-booking-list';

/** Spec §8: what the alert says when the export fails (the spec's spelling). */
export const EXPORT_FAILED = 'An error occured while trying to export your bookings.';

/** Spec §2, §4: Export downloads bookings.csv, reading 'Exporting...' while it runs. */
export function ExportButton() {
  const exporting = useExportBookings();
  return (
    <div className="gs-bookings-export">
      <Button variant="secondary" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting...' : 'Export'}
      </Button>
      {exporting.isError ? (
        <Alert tone="danger" className="gs-bookings-export__error" onDismiss={exporting.reset}>
          {EXPORT_FAILED}
        </Alert>
      ) : null}
    </div>
  );
}
