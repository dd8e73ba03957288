import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError, queryKeys } from '@guestspot/shared-api';
import {
  getPublicMiniview,
  submitMiniviewAnswers,
  type MiniviewAnswersPayload,
} from '@guestspot/shared-api/miniviews';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A link's uuid that cannot name any MINIVIEW is not sent to the server. */
export function isMiniviewUuid(uuid: string | undefined): uuid is string {
  return uuid !== undefined && UUID.test(uuid);
}

/** The MINIVIEW a link names, as the person answering it sees it. */
export function usePublicMiniview(uuid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.publicMiniview(uuid?.toLowerCase() ?? ''),
    queryFn: () => getPublicMiniview(uuid ?? ''),
    enabled: isMiniviewUuid(uuid),
    // The questions do not change once sent; going back and forth reads them once.
    staleTime: Infinity,
  });
}

/** An unknown link and a paused owner's MINIVIEW are both 404 (decision 084). */
export function isMissingMiniview(uuid: string | undefined, error: unknown): boolean {
  return !isMiniviewUuid(uuid) || (isApiError(error) && error.status === 404);
}

export function useSubmitAnswers(uuid: string) {
  return useMutation({
    mutationFn: (payload: MiniviewAnswersPayload) => submitMiniviewAnswers(uuid, payload),
  });
}
