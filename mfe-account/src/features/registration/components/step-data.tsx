import type { ReactNode } from 'react';
import { Button, ErrorState, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';

/** Loading and error (with retry) for what a step needs before its form can show. */
export function StepData({
  loading,
  error,
  retrying = false,
  onRetry,
  label,
  children,
}: {
  loading: boolean;
  error: boolean;
  retrying?: boolean;
  onRetry: () => void;
  label: string;
  children: () => ReactNode;
}) {
  if (loading) {
    return (
      <SkeletonGroup label={`Loading ${label}…`}>
        <Skeleton />
        <Skeleton />
        <Skeleton />
      </SkeletonGroup>
    );
  }
  if (error) {
    return (
      <ErrorState
        title={`We could not load ${label}.`}
        onRetry={onRetry}
        retrying={retrying}
        titleAs="h2"
      />
    );
  }
  return <>{children()}</>;
}

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" variant="ghost" onClick={onClick}>
      Back
    </Button>
  );
}
