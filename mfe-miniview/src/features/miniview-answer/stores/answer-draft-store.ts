import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MiniviewMediaType } from '@guestspot/shared-api';

/** A recording already uploaded for a question: sent by its uuid, played back from its url. */
export interface SavedAnswer {
  uuid: string;
  url: string;
  type: MiniviewMediaType;
}

/** One person's answers in progress to one MINIVIEW. */
export interface AnswerDraft {
  /** the answer group's name */
  name: string;
  /** keyed by question id */
  answers: Record<string, SavedAnswer>;
}

interface AnswerDraftState {
  /** keyed by the MINIVIEW's uuid: two links answered in one tab do not mix */
  drafts: Record<string, AnswerDraft>;
  /** Names the answer group; answers already recorded are kept. */
  start: (miniviewUuid: string, name: string) => void;
  saveAnswer: (miniviewUuid: string, questionId: number, answer: SavedAnswer) => void;
  /** Forgets one question's answer (the server did not accept its recording). */
  dropAnswer: (miniviewUuid: string, questionId: number) => void;
  clear: (miniviewUuid: string) => void;
}

export const ANSWER_DRAFT_STORAGE_KEY = 'guestspot:miniview-answers';

/**
 * The answers in progress, persisted in sessionStorage (as the booking draft is) so a reload
 * does not cost the recordings already uploaded; the tab's end forgets them.
 */
export const useAnswerDraftStore = create<AnswerDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      start: (miniviewUuid, name) =>
        set((state) => ({
          drafts: {
            ...state.drafts,
            [miniviewUuid]: { answers: {}, ...state.drafts[miniviewUuid], name },
          },
        })),
      saveAnswer: (miniviewUuid, questionId, answer) =>
        set((state) => {
          const draft = state.drafts[miniviewUuid];
          if (!draft) return state;
          return {
            drafts: {
              ...state.drafts,
              [miniviewUuid]: { ...draft, answers: { ...draft.answers, [questionId]: answer } },
            },
          };
        }),
      dropAnswer: (miniviewUuid, questionId) =>
        set((state) => {
          const draft = state.drafts[miniviewUuid];
          if (!draft) return state;
          const answers = { ...draft.answers };
          delete answers[questionId];
          return { drafts: { ...state.drafts, [miniviewUuid]: { ...draft, answers } } };
        }),
      clear: (miniviewUuid) =>
        set((state) => {
          const drafts = { ...state.drafts };
          delete drafts[miniviewUuid];
          return { drafts };
        }),
    }),
    {
      name: ANSWER_DRAFT_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ drafts: state.drafts }),
    },
  ),
);
