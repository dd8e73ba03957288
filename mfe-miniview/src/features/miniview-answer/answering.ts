/** The spec's longest answer, in seconds (audio and video alike, §9). */
export const ANSWER_MAX_SECONDS = 60;

/** The server's refusal of a group that misses a question (decision 085), said before sending. */
export const ANSWER_EVERY_QUESTION = 'Answer every question.';

/** The answering pages of the MINIVIEW a link names: name, questions, success. */
export function miniviewAnswerPath(uuid: string, step?: 'questions' | 'success'): string {
  return step ? `/miniviews/${uuid}/${step}` : `/miniviews/${uuid}`;
}
