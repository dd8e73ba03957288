import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { listBookings } from '@guestspot/shared-api/bookings';

export function useBookings({ page, limit = 10 }: { page: number; limit?: number }) {
  return useQuery({
    queryKey: queryKeys.bookings({ page, limit }),
    queryFn: () => listBookings({ page, limit }),
    placeholderData: keepPreviousData,
  });
}
