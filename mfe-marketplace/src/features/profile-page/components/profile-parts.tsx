import type { ReactNode } from 'react';
import type { CategoryRef, Tag } from '@guestspot/shared-api';
import { Badge } from '@guestspot/shared-ui';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gs-profile__section" aria-label={title}>
      <h2 className="gs-profile__heading">{title}</h2>
      {children}
    </section>
  );
}

/** Categories and tags as chips; nothing when both are empty. */
export function Chips({ categories, tags }: { categories: CategoryRef[]; tags: Tag[] }) {
  return (
    <>
      {categories.length ? (
        <ul className="gs-profile__chips" aria-label="Categories">
          {categories.map((category) => (
            <li key={category.id}>
              <Badge tone="info">{category.name}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {tags.length ? (
        <ul className="gs-profile__chips" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.id}>
              <Badge>#{tag.name}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A plain list section, left out when empty ("if present"). */
export function TextList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Section title={title}>
      <ul className="gs-profile__list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}
