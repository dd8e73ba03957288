import { Link } from 'react-router-dom';
import type { PageBlock } from '@guestspot/shared-api';

/** Where a link block may go: a path of this site, an https page, or an email address. */
export function linkTarget(href: string): { internal: string } | { external: string } | null {
  if (/^\/(?!\/)/.test(href)) return { internal: href };
  if (/^(https:\/\/|mailto:)[^\s]+$/i.test(href)) return { external: href };
  return null;
}

/**
 * A content page's body. Every block becomes elements with its text as text: the server's
 * content is never injected as HTML.
 */
export function PageBlocks({ blocks }: { blocks: PageBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'heading':
            return (
              <h2 key={key} className="gs-content-page__heading">
                {block.text}
              </h2>
            );
          case 'paragraph':
            return <p key={key}>{block.text}</p>;
          case 'list':
            return (
              <ul key={key} className="gs-content-page__list">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          case 'link': {
            const target = linkTarget(block.href);
            if (!target) return <p key={key}>{block.text}</p>;
            return (
              <p key={key} className="gs-content-page__link">
                {'internal' in target ? (
                  <Link to={target.internal}>{block.text}</Link>
                ) : (
                  <a href={target.external} rel="noopener noreferrer">
                    {block.text}
                  </a>
                )}
              </p>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}
