import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import './settings.css';

/**
 * One anchored section of the Settings page (/settings#payout scrolls here). The heading names
 * the section for screen readers; rows and panels go inside.
 */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** the hash that reaches this section, e.g. 'pro-subscription' */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className="gs-settings-section" aria-labelledby={titleId} tabIndex={-1}>
      <header className="gs-settings-section__header">
        <h2 id={titleId} className="gs-settings-section__title">
          {title}
        </h2>
        {description ? <p className="gs-settings-section__description">{description}</p> : null}
      </header>
      <div className="gs-settings-section__body">{children}</div>
    </section>
  );
}

/** A labelled row that is not an edit form (a panel with its own actions). */
export function SettingsRow({
  label,
  actions,
  children,
}: {
  label: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="gs-settings-row">
      <div className="gs-settings-row__label">{label}</div>
      <div className="gs-settings-row__content">{children}</div>
      {actions ? <div className="gs-settings-row__actions">{actions}</div> : null}
    </div>
  );
}

/**
 * A row's data while it loads (a skeleton row named by `loadingLabel`), when it fails (the message
 * and Retry), then `children` with the data.
 */
export function SettingsQuery<Data>({
  query,
  loadingLabel,
  errorMessage,
  children,
}: {
  query: UseQueryResult<Data>;
  loadingLabel: string;
  errorMessage: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <SkeletonGroup label={loadingLabel}>
        <div className="gs-settings-row">
          <Skeleton variant="text" width="6rem" />
          <Skeleton variant="text" />
        </div>
      </SkeletonGroup>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        titleAs="h3"
        message={errorMessage}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
