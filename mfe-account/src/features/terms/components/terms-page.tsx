import { useSearchParams } from 'react-router-dom';
import { TermsDocument } from './terms-document';

/** /terms-and-conditions, public. `?theme=dark` renders the dark variant. */
export function TermsPage() {
  const [params] = useSearchParams();
  const variant = params.get('theme') === 'dark' ? 'dark' : 'light';
  return (
    <div className="gs-terms-page" data-variant={variant}>
      <TermsDocument variant={variant} context="page" />
    </div>
  );
}
