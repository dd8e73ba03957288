import { loadRemote } from '@module-federation/enhanced/runtime';
import { isUnavailableRemote } from './resilience-plugin';
import { resetRemote, type RemoteName } from './remotes';

export class RemoteUnavailableError extends Error {
  readonly remote: RemoteName;

  constructor(remote: RemoteName, cause?: unknown) {
    super(`The ${remote} remote could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
    this.remote = remote;
  }
}

const cache = new Map<string, Promise<unknown>>();
const resetting = new Map<RemoteName, Promise<void>>();

/**
 * Loads `remote/expose` once and keeps the promise, so that React's `use()` sees a stable one.
 * A failure stays cached too (re-rendering must reach the error boundary, not load again);
 * only retryRemote() forgets it, so Retry starts afresh.
 */
export function loadRemoteModule<T>(remote: RemoteName, expose: string): Promise<T> {
  const key = `${remote}/${expose}`;
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = (resetting.get(remote) ?? Promise.resolve())
      .then(() => loadRemote<T>(key))
      .then((mod) => {
        if (!mod || isUnavailableRemote(mod)) {
          throw new RemoteUnavailableError(
            remote,
            isUnavailableRemote(mod) ? mod.error : undefined,
          );
        }
        return mod;
      });
    // Rejections are handled by the boundary that renders this promise.
    pending.catch(() => undefined);
    cache.set(key, pending);
  }
  return pending;
}

/** Retry after a failure: clear what the runtime remembers of the remote, then load again. */
export function retryRemote(remote: RemoteName): void {
  for (const key of cache.keys()) if (key.startsWith(`${remote}/`)) cache.delete(key);
  resetting.set(
    remote,
    resetRemote(remote).catch(() => undefined),
  );
}
