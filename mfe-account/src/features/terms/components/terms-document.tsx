import { useId } from 'react';
import { cx } from '@guestspot/shared-ui';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS, TERMS_TITLE, type TermsBlock } from './terms-content';
import './terms.css';

export type TermsVariant = 'light' | 'dark';

export interface TermsDocumentProps {
  /** 'dark' for dark surfaces (the page's ?theme=dark); default 'light'. */
  variant?: TermsVariant;
  /**
   * 'page' renders the h1 title; 'dialog' leaves the title to the dialog's own heading and
   * starts the sections one level lower.
   */
  context?: 'page' | 'dialog';
  className?: string;
}

function Block({ block }: { block: TermsBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The Terms of Service: last-updated line, table of contents with anchors, 28 numbered sections. */
export function TermsDocument({
  variant = 'light',
  context = 'page',
  className,
}: TermsDocumentProps) {
  // Anchors stay unique even if the page and the dialog ever render together.
  const prefix = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const anchor = (id: string) => `terms-${prefix}-${id}`;
  const SectionHeading = context === 'page' ? 'h2' : 'h3';
  const tocId = `terms-${prefix}-toc`;

  return (
    <article className={cx('gs-terms', className)} data-variant={variant} data-context={context}>
      {context === 'page' ? <h1 className="gs-terms__title">{TERMS_TITLE}</h1> : null}
      <p className="gs-terms__updated">{TERMS_LAST_UPDATED}</p>
      <nav className="gs-terms__toc" aria-labelledby={tocId}>
        <SectionHeading id={tocId} className="gs-terms__toc-title">
          Contents
        </SectionHeading>
        <ol>
          {TERMS_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${anchor(section.id)}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TERMS_SECTIONS.map((section, index) => (
        <section
          key={section.id}
          id={anchor(section.id)}
          className="gs-terms__section"
          aria-labelledby={`${anchor(section.id)}-title`}
        >
          <SectionHeading id={`${anchor(section.id)}-title`} className="gs-terms__heading">
            {index + 1}. {section.title}
          </SectionHeading>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
