import { useState } from 'react';
import { Button } from '@guestspot/shared-ui';
import './copy-link.css';

/**
 * A shareable link in a read-only box with 'Copy to clipboard' ('Copied!' once done). When the
 * browser refuses the clipboard, it says so and shows the link to copy by hand.
 */
export function CopyLink({ url, label = 'Shareable link' }: { url: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="gs-copy-link">
      <label className="gs-copy-link__label">
        {label}
        <input
          className="gs-copy-link__input"
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
        />
      </label>
      <Button variant="secondary" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied!' : 'Copy to clipboard'}
      </Button>
      <p className="gs-copy-link__status" role="status">
        {state === 'failed' ? `Failed to copy. Shareable link is: ${url}` : ''}
      </p>
    </div>
  );
}
