import { create } from 'zustand';
import * as auth from '../auth';
import { onApiEvent } from '../client';
import { queryClient, queryKeys } from '../query-client';
import type { User } from '../types';
import { getCurrentUser } from '../users';

const AUTH_FLAG_KEY = 'guestspot.authenticated';

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(AUTH_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

function writeFlag(authenticated: boolean) {
  try {
    if (authenticated) window.localStorage.setItem(AUTH_FLAG_KEY, '1');
    else window.localStorage.removeItem(AUTH_FLAG_KEY);
  } catch {
    // Storage may be unavailable (private mode): the session still works for this page.
  }
}

export interface SessionState {
  /** The locally stored authenticated flag: known at once, before the user has loaded. */
  authenticated: boolean;
  user: User | null;
  /** True while the current user is being fetched. */
  loading: boolean;
  login: (payload: auth.LoginPayload) => Promise<User>;
  /**
   * A call other than /auth/login started the session (registration, password reset, completing
   * an invited account): hold its user exactly as login() does.
   */
  signedIn: (user: User) => void;
  logout: () => Promise<void>;
  refetch: () => Promise<User | null>;
  /**
   * Ask the server whether a session exists whatever the stored flag says (a remote running
   * standalone on its own origin has no flag, but the cookie of the site is sent).
   */
  probe: () => Promise<User | null>;
  /** Forget the session locally (after a 401 or a logout). */
  clear: () => void;
}

/**
 * The session of the whole site. It lives in shared-api, a Module Federation singleton, so the
 * shell and every remote hold this one store (a store exposed by the host would be created twice).
 */
const initiallyAuthenticated = typeof window !== 'undefined' && readFlag();

export const useSessionStore = create<SessionState>()((set, get) => ({
  authenticated: initiallyAuthenticated,
  user: null,
  // With the flag set, the app's first act is refetch(): the user is on its way.
  loading: initiallyAuthenticated,

  async login(payload) {
    const user = await auth.login(payload);
    get().signedIn(user);
    return user;
  },

  signedIn(user) {
    writeFlag(true);
    set({ authenticated: true, user, loading: false });
    queryClient.setQueryData(queryKeys.currentUser, user);
    // Lists show prices and favourites only to signed-in users: load them again.
    void queryClient.invalidateQueries();
  },

  async logout() {
    try {
      await auth.logout();
    } finally {
      get().clear();
    }
  },

  async refetch() {
    if (!get().authenticated) {
      set({ loading: false });
      return null;
    }
    set({ loading: true });
    try {
      const user = await getCurrentUser();
      set({ user, loading: false });
      return user;
    } catch (error) {
      set({ loading: false });
      throw error;
    }
  },

  async probe() {
    set({ loading: true });
    try {
      const user = await getCurrentUser();
      writeFlag(true);
      set({ authenticated: true, user, loading: false });
      return user;
    } catch {
      set({ loading: false });
      return null;
    }
  },

  clear() {
    writeFlag(false);
    set({ authenticated: false, user: null, loading: false });
    queryClient.clear();
  },
}));

const expiredListeners = new Set<() => void>();

/** Called after a 401 ended a session the user believed open (the shell then goes Home). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

onApiEvent('unauthorized', () => {
  if (!useSessionStore.getState().authenticated) return;
  useSessionStore.getState().clear();
  for (const listener of expiredListeners) listener();
});

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_FLAG_KEY) return;
    if (event.newValue === '1') {
      useSessionStore.setState({ authenticated: true });
      void useSessionStore
        .getState()
        .refetch()
        .catch(() => undefined);
    } else if (useSessionStore.getState().authenticated) {
      useSessionStore.setState({ authenticated: false, user: null });
      queryClient.clear();
    }
  });
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  return useSessionStore((state) => state.user);
}
