// Storybook only: the creation screens read the draft store, so a story sets it first.
import { useState, type ReactNode } from 'react';
import { makeUser } from '@guestspot/shared-api/stories';
import {
  useMiniviewDraftStore,
  type CreatedMiniview,
  type MiniviewDraft,
} from '../stores/miniview-draft-store';

export const storyUser = makeUser({ id: 5, account_type: 'pro' });

/** Renders the story with this draft (and this created MINIVIEW) for storyUser. */
export function WithDraft({
  draft,
  created,
  children,
}: {
  draft?: MiniviewDraft;
  created?: CreatedMiniview;
  children: ReactNode;
}) {
  useState(() =>
    useMiniviewDraftStore.setState({
      drafts: draft ? { [storyUser.id]: draft } : {},
      created: created ? { [storyUser.id]: created } : {},
    }),
  );
  return <>{children}</>;
}
