import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  authApi,
  isApiError,
  serverMessage,
  type LinkTokenType,
  type TokenValidation,
  queryKeys,
} from '@guestspot/shared-api';
import { Alert, ErrorState, PageLoading } from '@guestspot/shared-ui';

export const INVALID_LINK_FALLBACK = 'This link is invalid or has expired.';

/**
 * Checks an emailed link's token before its form shows (POST /auth/validate-token; nothing is
 * used up): a spinner while checking, the server's message and a way on when the link is
 * invalid, a retry when the check itself failed, else the form.
 */
export function LinkTokenGate({
  token,
  email,
  type,
  invalidAction,
  children,
}: {
  token: string;
  email?: string;
  type: LinkTokenType;
  /** What the visitor can do instead of an invalid link (e.g. request a new one). */
  invalidAction: ReactNode;
  children: (validation: TokenValidation) => ReactNode;
}) {
  const query = useQuery({
    queryKey: queryKeys.linkToken(type, token, email ?? null),
    queryFn: () => authApi.validateToken({ token, type, ...(email ? { email } : {}) }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (query.isPending) return <PageLoading label="Checking your link" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 422) {
      return (
        <>
          <Alert tone="danger">{serverMessage(query.error, INVALID_LINK_FALLBACK)}</Alert>
          {invalidAction}
        </>
      );
    }
    return (
      <ErrorState
        title="We could not check your link"
        message={serverMessage(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
