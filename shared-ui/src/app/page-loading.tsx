import { useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../spinner/spinner';
import { PRERENDERED_CLASS, prerenderedPageNodes } from './prerendered-page';

/**
 * A whole page (or route area) waiting for its content: a centred spinner that says what loads.
 * On the first load of a server-rendered page, that page instead (decision 077): what the visitor
 * already sees stays, in the same place, until the page's own code replaces it.
 */
export function PageLoading({ label = 'Loading page' }: { label?: string }) {
  const [prerendered] = useState(prerenderedPageNodes);
  const holder = useRef<HTMLDivElement>(null);
  // Before the browser paints: the server's nodes move in, the frame never shows empty.
  useLayoutEffect(() => {
    if (prerendered) holder.current?.append(...prerendered);
  }, [prerendered]);
  // Inert until then: a tap or a keystroke on it would be lost when the page replaces it.
  if (prerendered) {
    return <div ref={holder} className={PRERENDERED_CLASS} aria-busy="true" inert />;
  }
  return (
    <div className="gs-page-loading">
      <Spinner label={label} />
    </div>
  );
}
