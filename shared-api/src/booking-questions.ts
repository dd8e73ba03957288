import { api } from '@guestspot/shared-api';
import type { BookingQuestion, BookingQuestionType, DataEnvelope } from './types';

// The questions a guest or a show asks whoever books it (type booking) or pitches to it
// (type pitch), in order, under /guests/{id}/ and /shows/{id}/ (decision 089).

/** Which side of the marketplace the profile is on: its calls live under /guests or /shows. */
export type BookingQuestionsProfileKind = BookingQuestion['profile_type'];

const path = (kind: BookingQuestionsProfileKind, profileId: number) =>
  `${kind}s/${profileId}/booking-questions`;

/** GET …/booking-questions?type=: the profile's questions of one type, first to last. */
export async function listBookingQuestions(
  kind: BookingQuestionsProfileKind,
  profileId: number,
  type: BookingQuestionType,
): Promise<BookingQuestion[]> {
  return (
    await api
      .get(path(kind, profileId), { searchParams: { type } })
      .json<DataEnvelope<BookingQuestion[]>>()
  ).data;
}

/** POST: the new question goes last among its type (a 21st is a 422 on `body`). */
export async function createBookingQuestion(
  kind: BookingQuestionsProfileKind,
  profileId: number,
  payload: { body: string; type: BookingQuestionType },
): Promise<BookingQuestion> {
  return (
    await api.post(path(kind, profileId), { json: payload }).json<DataEnvelope<BookingQuestion>>()
  ).data;
}

/** PUT …/{questionId}: a new text and/or a new place (0 first; the others renumbered). */
export async function updateBookingQuestion(
  kind: BookingQuestionsProfileKind,
  profileId: number,
  questionId: number,
  payload: { body?: string; position?: number },
): Promise<BookingQuestion> {
  return (
    await api
      .put(`${path(kind, profileId)}/${questionId}`, { json: payload })
      .json<DataEnvelope<BookingQuestion>>()
  ).data;
}

/** DELETE …/{questionId}: the questions after it move up one place. */
export async function deleteBookingQuestion(
  kind: BookingQuestionsProfileKind,
  profileId: number,
  questionId: number,
): Promise<void> {
  await api.delete(`${path(kind, profileId)}/${questionId}`);
}
