import { useOutletContext } from 'react-router-dom';
import type { Conversation } from '@guestspot/shared-api';

/** What the inbox hands its open conversation (or the welcome text). */
export interface MessagesPageContext {
  /** The list as last loaded; null while it loads or when it failed. */
  conversations: Conversation[] | null;
  /** On a phone the list and the conversation are two screens: the conversation has a Back link. */
  phone: boolean;
  /** The viewer's IANA zone: every time of the inbox reads in it. */
  zone: string;
}

export function useMessagesPage(): MessagesPageContext {
  return useOutletContext<MessagesPageContext>();
}
