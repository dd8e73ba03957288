import { useCallback } from 'react';
import { useSessionStore } from '@guestspot/shared-api';
import {
  EMPTY_DRAFT,
  useMiniviewDraftStore,
  type MiniviewDraft,
} from '../stores/miniview-draft-store';

/** The signed-in user's MINIVIEW draft and the way to change it. */
export function useMiniviewDraft() {
  const userId = useSessionStore((state) => state.user?.id ?? 0);
  const draft = useMiniviewDraftStore((state) => state.drafts[userId] ?? EMPTY_DRAFT);
  const update = useMiniviewDraftStore((state) => state.update);
  const discardDraft = useMiniviewDraftStore((state) => state.discard);
  const save = useCallback(
    (patch: Partial<MiniviewDraft>) => update(userId, patch),
    [update, userId],
  );
  const discard = useCallback(() => discardDraft(userId), [discardDraft, userId]);
  return { userId, draft, save, discard };
}
