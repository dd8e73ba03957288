import { useMemo } from 'react';
import { cx, VisuallyHidden } from '@guestspot/shared-ui';
import { messageParts } from '../lib/messages';
import './message-text.css';

/**
 * A message's text as its sender wrote it: plain text (never HTML), line breaks kept, and only
 * http(s) addresses made links, which open in a new tab without handing this page to the other
 * site (noopener noreferrer) or vouching for it (nofollow).
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => messageParts(text), [text]);
  return (
    <p className={cx('gs-message-text', className)}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.text} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
