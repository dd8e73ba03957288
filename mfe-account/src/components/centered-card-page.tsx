import type { ReactNode } from 'react';
import { Card } from '@guestspot/shared-ui';
import './centered-card-page.css';

/** A single card in the middle of the page, for short flows (sign-in landings, links from emails). */
export function CenteredCardPage({
  title,
  titleId,
  children,
}: {
  title: ReactNode;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <section className="gs-centered-page" aria-labelledby={titleId}>
      <Card className="gs-centered-page__card">
        <h1 id={titleId} className="gs-centered-page__title">
          {title}
        </h1>
        <div className="gs-centered-page__body">{children}</div>
      </Card>
    </section>
  );
}
