import { Spinner } from '../spinner/spinner';

/** A whole page (or route area) waiting for its content: a centred spinner that says what loads. */
export function PageLoading({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="gs-page-loading">
      <Spinner label={label} />
    </div>
  );
}
