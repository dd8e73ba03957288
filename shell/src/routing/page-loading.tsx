import { Spinner } from '@guestspot/shared-ui';

export function PageLoading() {
  return (
    <div className="gs-page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}
