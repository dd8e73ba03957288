import { Button } from '@guestspot/shared-ui';

export interface StepNavigatorProps {
  onPrevious?: () => void;
  onNext: () => void;
  nextLabel?: string;
  loading?: boolean;
  disabled?: boolean;
}

/** Previous and Next of a step; Next is the submit of the last one. */
export function StepNavigator({
  onPrevious,
  onNext,
  nextLabel = 'Next',
  loading = false,
  disabled = false,
}: StepNavigatorProps) {
  return (
    <div className="gs-booking-flow__nav">
      {onPrevious ? (
        <Button variant="secondary" onClick={onPrevious} disabled={loading}>
          Previous
        </Button>
      ) : null}
      <Button onClick={onNext} loading={loading} disabled={disabled}>
        {nextLabel}
      </Button>
    </div>
  );
}
