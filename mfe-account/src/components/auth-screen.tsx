import { useId, type ReactNode } from 'react';
import { Card } from '@guestspot/shared-ui';
import './auth-screen.css';

/** The centred card of the sign-in family of pages: reset password, verify email, and so on. */
export function AuthScreen({
  title,
  lead,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="gs-auth-screen" aria-labelledby={titleId}>
      <Card className="gs-auth-screen__card">
        <h1 id={titleId} className="gs-auth-screen__title">
          {title}
        </h1>
        {lead ? <p className="gs-auth-screen__lead">{lead}</p> : null}
        <div className="gs-auth-screen__body">{children}</div>
      </Card>
    </section>
  );
}
