import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SavedRecording } from '@guestspot/shared-ui/recorder';

/** A question's own recording, already uploaded (the owner's: POST /users/me/recordings). */
export type { SavedRecording };

export interface DraftQuestion {
  /** Stable across reorders: React's key and where focus returns after a move. */
  key: string;
  body: string;
  recording: SavedRecording | null;
}

/** What the creation steps remember between steps, reloads and failed submissions. */
export interface MiniviewDraft {
  title: string;
  questions: DraftQuestion[];
}

/** The MINIVIEW just created, for the success page (its draft is gone by then). */
export interface CreatedMiniview {
  id: number;
  uuid: string;
  title: string;
}

interface MiniviewDraftState {
  /** keyed by user id: another account signing in on this tab never sees someone's draft */
  drafts: Record<string, MiniviewDraft>;
  created: Record<string, CreatedMiniview>;
  update: (userId: number, patch: Partial<MiniviewDraft>) => void;
  /** The draft became a MINIVIEW: forget it, remember what was created. */
  finish: (userId: number, created: CreatedMiniview) => void;
  /** Cancel: the draft is dropped. */
  discard: (userId: number) => void;
}

export const MINIVIEW_DRAFT_KEY = 'guestspot.miniview-draft';

export const EMPTY_DRAFT: MiniviewDraft = { title: '', questions: [] };

let lastKey = 0;

/** A key no other question of this tab has (questions are reordered by key, not by index). */
export function newQuestionKey(): string {
  lastKey += 1;
  return `q${Date.now().toString(36)}-${lastKey}`;
}

export const useMiniviewDraftStore = create<MiniviewDraftState>()(
  persist(
    (set) => ({
      drafts: {},
      created: {},
      update: (userId, patch) =>
        set((state) => ({
          drafts: {
            ...state.drafts,
            [userId]: { ...EMPTY_DRAFT, ...state.drafts[userId], ...patch },
          },
        })),
      finish: (userId, created) =>
        set((state) => {
          const drafts = { ...state.drafts };
          delete drafts[userId];
          return { drafts, created: { ...state.created, [userId]: created } };
        }),
      discard: (userId) =>
        set((state) => {
          const drafts = { ...state.drafts };
          delete drafts[userId];
          return { drafts };
        }),
    }),
    {
      // Like the booking draft: this tab only, kept across reloads and errors.
      name: MINIVIEW_DRAFT_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ drafts: state.drafts, created: state.created }),
      version: 1,
    },
  ),
);
