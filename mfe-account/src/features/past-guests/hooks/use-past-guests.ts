import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type GuestProfile } from '@guestspot/shared-api';
import { listGuests } from '@guestspot/shared-api/guests';
import { addPastGuest, listPastGuests, removePastGuest } from '@guestspot/shared-api/past-guests';

/** How many matches the search offers at once. */
const SEARCH_LIMIT = 5;

/** The show's past guests, first added first. */
export function usePastGuests(showId: number) {
  return useQuery({
    queryKey: queryKeys.pastGuests(showId),
    queryFn: () => listPastGuests(showId),
  });
}

/** Adds and removes wait for the server, then put its answer in the cache. */
export function usePastGuestWrites(showId: number) {
  const client = useQueryClient();
  const queryKey = queryKeys.pastGuests(showId);

  async function add(guestId: number): Promise<void> {
    client.setQueryData<GuestProfile[]>(queryKey, await addPastGuest(showId, guestId));
  }

  async function remove(guestId: number): Promise<void> {
    await removePastGuest(showId, guestId);
    client.setQueryData<GuestProfile[]>(queryKey, (list) =>
      (list ?? []).filter((guest) => guest.id !== guestId),
    );
  }

  return { add, remove };
}

/** Public guest profiles whose name matches `term` (the marketplace's list call); off when blank. */
export function useGuestSearch(term: string) {
  const params = { filter: { 'guest_profiles.name': term }, limit: SEARCH_LIMIT };
  return useQuery({
    queryKey: queryKeys.guests(params),
    queryFn: async () => (await listGuests(params)).data,
    enabled: term !== '',
  });
}
