import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GENERIC_ERROR_MESSAGE,
  queryKeys,
  serverMessage,
  type BookingQuestion,
  type BookingQuestionType,
} from '@guestspot/shared-api';
import * as questionsApi from '@guestspot/shared-api/booking-questions';
import { toast } from '@guestspot/shared-ui';
import type { ProfileSide } from '@guestspot/shared-api';

/** One type's questions of a profile, first to last. */
export function useBookingQuestions(
  kind: ProfileSide,
  profileId: number,
  type: BookingQuestionType,
) {
  return useQuery({
    queryKey: queryKeys.bookingQuestions(kind, profileId, type),
    queryFn: () => questionsApi.listBookingQuestions(kind, profileId, type),
  });
}

/** Moves `list[from]` to `to`, as the server renumbers (the others keep their order). */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * Writes to one type's list. Add, edit and delete wait for the server and put its answer in the
 * cache. A move shows at once (focus follows the question, so the list must not lag behind the
 * keyboard); moves of a list run one after another (one mutation scope), so the server gets them
 * in the order they were made, and a refused one reloads the list with a toast.
 */
export function useBookingQuestionWrites(
  kind: ProfileSide,
  profileId: number,
  type: BookingQuestionType,
) {
  const client = useQueryClient();
  const queryKey = queryKeys.bookingQuestions(kind, profileId, type);
  const setList = (update: (list: BookingQuestion[]) => BookingQuestion[]) =>
    client.setQueryData<BookingQuestion[]>(queryKey, (list) => (list ? update(list) : list));

  const add = useMutation({
    mutationFn: (body: string) =>
      questionsApi.createBookingQuestion(kind, profileId, { body, type }),
    onSuccess: (created) => setList((list) => [...list, created]),
  });

  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      questionsApi.updateBookingQuestion(kind, profileId, id, { body }),
    onSuccess: (saved) =>
      setList((list) => list.map((item) => (item.id === saved.id ? saved : item))),
  });

  const move = useMutation({
    scope: { id: `booking-questions:${kind}:${profileId}:${type}` },
    mutationFn: ({ id, to }: { id: number; to: number }) =>
      questionsApi.updateBookingQuestion(kind, profileId, id, { position: to }),
    onMutate: async ({ id, to }) => {
      await client.cancelQueries({ queryKey });
      setList((list) => {
        const from = list.findIndex((item) => item.id === id);
        return from < 0 ? list : moved(list, from, to);
      });
    },
    onError: (error) => {
      toast.error(serverMessage(error, GENERIC_ERROR_MESSAGE));
      void client.invalidateQueries({ queryKey });
    },
  });

  /** Deletes after the server agrees; the questions after it move up. */
  async function remove(id: number) {
    await questionsApi.deleteBookingQuestion(kind, profileId, id);
    setList((list) => list.filter((item) => item.id !== id));
    await client.invalidateQueries({ queryKey });
  }

  return { add, edit, move, remove };
}
