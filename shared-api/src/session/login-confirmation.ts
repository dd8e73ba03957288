import { create } from 'zustand';
import { api, readCookie } from '../client';
import { ApiError, isApiError } from '../errors';

/** The cookie the server sets for 120 s after a social confirmation succeeds. */
export const LOGIN_CONFIRMED_COOKIE = 'login_confirmed';
/** Spec: social confirmation waits up to 120 seconds, counting down each second. */
export const SOCIAL_CONFIRMATION_SECONDS = 120;

interface LoginConfirmationState {
  /** True while the shell shows the password reconfirmation modal. */
  open: boolean;
  resolve: ((confirmed: boolean) => void) | null;
  /** The 'open-reconfirm' event: opens the modal; the promise settles when it closes. */
  request: () => Promise<boolean>;
  /** The 'reconfirmed' event: true after a confirmation, false on Cancel/Escape. */
  finish: (confirmed: boolean) => void;
}

/**
 * The password reconfirmation modal's open/closed state. It lives in shared-api (a federation
 * singleton), so a remote asks and the shell's host answers through one store.
 */
export const useLoginConfirmationStore = create<LoginConfirmationState>()((set, get) => ({
  open: false,
  resolve: null,
  request() {
    // A second ask while one is open shares the answer.
    const pending = get();
    return new Promise<boolean>((resolve) => {
      const previous = pending.resolve;
      set({
        open: true,
        resolve: (confirmed) => {
          previous?.(confirmed);
          resolve(confirmed);
        },
      });
    });
  },
  finish(confirmed) {
    const { resolve } = get();
    set({ open: false, resolve: null });
    resolve?.(confirmed);
  },
}));

/**
 * Asks the user to prove it is them again (password, or Facebook/Google) before a sensitive
 * action; resolves true once the server recorded it, false if they cancelled. On a 428 'Login
 * not confirmed.' answer: `if (await requestLoginConfirmation()) retry()`.
 */
export function requestLoginConfirmation(): Promise<boolean> {
  return useLoginConfirmationStore.getState().request();
}

export const LOGIN_NOT_CONFIRMED_MESSAGE = 'Login not confirmed.';
/** The server's answer to a sensitive call without a recent confirmation. */
export const LOGIN_NOT_CONFIRMED_STATUS = 428;

/**
 * Runs a call that needs a recent login confirmation (pause, resume, delete...). On a 428 it asks
 * for the password (requestLoginConfirmation) and runs the call once more; if the user cancels it
 * throws an ApiError 428 'Login not confirmed.' for the caller to show.
 */
export async function withLoginConfirmation<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error) || error.status !== LOGIN_NOT_CONFIRMED_STATUS) throw error;
    if (!(await requestLoginConfirmation())) {
      throw new ApiError(LOGIN_NOT_CONFIRMED_STATUS, LOGIN_NOT_CONFIRMED_MESSAGE);
    }
    return call();
  }
}

/** POST /auth/confirm-login {password} */
export async function confirmLogin(password: string): Promise<void> {
  await api.post('auth/confirm-login', { json: { password } });
}

export function hasLoginConfirmedCookie(): boolean {
  return readCookie(LOGIN_CONFIRMED_COOKIE) === '1';
}

/** Forget an earlier confirmation's cookie so only a new one counts. */
export function clearLoginConfirmedCookie(): void {
  if (typeof document !== 'undefined') {
    document.cookie = `${LOGIN_CONFIRMED_COOKIE}=; Max-Age=0; path=/`;
  }
}
