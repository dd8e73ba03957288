import { useState, type ComponentProps } from 'react';
import { Button } from '../button/button';
import './copy-link.css';

export interface CopyLinkProps extends Omit<ComponentProps<'div'>, 'children'> {
  url: string;
  /** The box's label; also names the link in the failure message. */
  label?: string;
  /** What the button says before copying. */
  copyLabel?: string;
}

/**
 * A link in a read-only box with a copy button ('Copied!' once done). When the browser refuses
 * the clipboard it says so and shows the link to copy by hand: 'Failed to copy. {label} is:
 * {url}' (marketplace… §8, 'Referral link is: …'). The state is `data-state`
 * (idle | copied | failed).
 */
export function CopyLink({
  url,
  label = 'Shareable link',
  copyLabel = 'Copy to clipboard',
  className,
  ...props
}: CopyLinkProps) {
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
    <div
      {...props}
      className={className ? `gs-copy-link ${className}` : 'gs-copy-link'}
      data-state={state}
    >
      <label className="gs-copy-link__label">
        {label}
        <input
          className="gs-copy-link__input"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
      </label>
      <Button variant="secondary" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied!' : copyLabel}
      </Button>
      <p className="gs-copy-link__status" role="alert">
        {state === 'failed' ? `Failed to copy. ${label} is: ${url}` : ''}
      </p>
    </div>
  );
}
