import { flushSync } from 'react-dom';
import type { NavigateFunction } from 'react-router-dom';
import { useSessionStore, type User } from '@guestspot/shared-api';

/**
 * Holds a session that a page's own call started (password reset, completed invitation) and
 * leaves for `to`. The guest-only guard around such a page answers the new session by sending
 * the user Home; that is committed first (flushSync), so the navigation issued after it is the
 * one that wins.
 */
export function signInAndGo(user: User, navigate: NavigateFunction, to: string): void {
  flushSync(() => useSessionStore.getState().signedIn(user));
  void navigate(to, { replace: true });
}
