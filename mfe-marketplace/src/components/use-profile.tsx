import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { isApiError, routePaths, type ProfileListType } from '@guestspot/shared-api';
import { ErrorState, PageLoading } from '@guestspot/shared-ui';
import { profileQuery } from './profile-query';

/** One public profile by id or slug: the detail with its links and booking options. */
export function useProfile(type: ProfileListType, idOrSlug: string) {
  return useQuery(profileQuery(type, idOrSlug));
}

/**
 * What a page built on useProfile shows until the profile is there: the page spinner, the
 * not-found page for an unknown (or private) profile, or the error with Retry. null once loaded.
 */
export function profilePending(
  query: ReturnType<typeof useProfile>,
  text: { loading: string; error: string; className: string },
): ReactNode {
  if (query.isPending) return <PageLoading label={text.loading} />;
  if (!query.isError) return null;
  if (isApiError(query.error) && query.error.status === 404) {
    return <Navigate to={routePaths.notFound} replace />;
  }
  return (
    <div className={text.className}>
      <ErrorState
        title={text.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    </div>
  );
}
